// Storage's one route table, in the stack's one route shape (context/route.ts): every /storage/v1
// endpoint with its guard, in the order they match (the first matching route answers). Each
// endpoint (handlers/) pairs its params spec with its handler. Guards (http/guards.ts):
// `caller` — the bearer JWT, else the API key's role, then RLS decides; `publicBucket` — no key,
// public buckets only; `signedDownload` / `signedUpload` — no key, a signed URL token for exactly
// this object. The gateway asks for no API key in front of Storage: these guards are the check.
import { route } from '../context/route.ts';
import * as buckets from './handlers/buckets.ts';
import * as list from './handlers/list.ts';
import * as objects from './handlers/objects.ts';
import * as read from './handlers/read.ts';
import * as render from './handlers/render.ts';
import * as sign from './handlers/sign.ts';
import * as upload from './handlers/upload.ts';
import { caller, publicBucket, signedDownload, signedUpload } from './http/guards.ts';

// prettier-ignore
export const ROUTES = [
  //    method     path                                      guard            endpoint
  // Buckets (storage.buckets has RLS and no policies by default: the service role manages them)
  route('GET',     '/bucket',                                caller,          buckets.listBuckets),
  route('GET',     '/bucket/:id',                            caller,          buckets.getBucket),
  route('POST',    '/bucket',                                caller,          buckets.createBucket),
  route('PUT',     '/bucket/:id',                            caller,          buckets.updateBucket),
  route('POST',    '/bucket/:id/empty',                      caller,          buckets.emptyBucket),
  route('DELETE',  '/bucket/:id',                            caller,          buckets.deleteBucket),

  // Listing, move, copy
  route('POST',    '/object/list/:bucket',                   caller,          list.listObjects),
  route('POST',    '/object/list-v2/:bucket',                caller,          list.listObjectsV2),
  route('POST',    '/object/move',                           caller,          objects.moveObject),
  route('POST',    '/object/copy',                           caller,          objects.copyObject),

  // Signed URLs: many before one; using one needs only its token
  route('POST',    '/object/sign/:bucket',                   caller,          sign.signDownloads),
  route('POST',    '/object/sign/:bucket/*',                 caller,          sign.signDownload),
  route('GET',     '/object/sign/:bucket/*',                 signedDownload,  read.downloadSigned),
  route('POST',    '/object/upload/sign/:bucket/*',          caller,          sign.signUpload),
  route('PUT',     '/object/upload/sign/:bucket/*',          signedUpload,    upload.uploadSigned),

  // Info and downloads (GET also answers HEAD)
  route('GET',     '/object/info/public/:bucket/*',          publicBucket,    read.info),
  route('GET',     '/object/info/authenticated/:bucket/*',   caller,          read.info),
  route('GET',     '/object/info/:bucket/*',                 caller,          read.info),
  route('GET',     '/object/public/:bucket/*',               publicBucket,    read.download),
  route('GET',     '/object/authenticated/:bucket/*',        caller,          read.download),
  route('GET',     '/object/:bucket/*',                      caller,          read.download),

  // Image transformations
  route('GET',     '/render/image/authenticated/:bucket/*',  caller,          render.renderImage),
  route('GET',     '/render/image/public/:bucket/*',         publicBucket,    render.renderImage),
  route('GET',     '/render/image/sign/:bucket/*',           signedDownload,  render.renderSigned),

  // Upload, replace, remove
  route('POST',    '/object/:bucket/*',                      caller,          upload.createObject),
  route('PUT',     '/object/:bucket/*',                      caller,          upload.updateObject),
  route('DELETE',  '/object/:bucket',                        caller,          objects.removeObjects),
  route('DELETE',  '/object/:bucket/*',                      caller,          objects.removeObject),
];
