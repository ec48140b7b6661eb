// Storage's one route table: every /storage/v1 endpoint with its guard and its params, beside its
// handler, in the order they match (the first matching route answers). Guards (http/guards.ts):
// `caller` — the bearer JWT, else the API key's role, then RLS decides; `publicBucket` — no key,
// public buckets only; `signedDownload` / `signedUpload` — no key, a signed URL token for exactly
// this object. The gateway asks for no API key in front of Storage: these guards are the check.
import * as buckets from './handlers/buckets.ts';
import * as list from './handlers/list.ts';
import * as objects from './handlers/objects.ts';
import * as read from './handlers/read.ts';
import * as render from './handlers/render.ts';
import * as sign from './handlers/sign.ts';
import * as upload from './handlers/upload.ts';
import { caller, publicBucket, signedDownload, signedUpload } from './http/guards.ts';
import { route, type Route } from './http/route.ts';

// prettier-ignore
export const ROUTES: Route[] = [
  // Buckets (storage.buckets has RLS and no policies by default: the service role manages them)
  route('GET',     '/bucket',                                caller,          buckets.listBucketsParams,    buckets.listBuckets),
  route('GET',     '/bucket/:id',                            caller,          buckets.bucketParams,         buckets.getBucket),
  route('POST',    '/bucket',                                caller,          buckets.createBucketParams,   buckets.createBucket),
  route('PUT',     '/bucket/:id',                            caller,          buckets.updateBucketParams,   buckets.updateBucket),
  route('POST',    '/bucket/:id/empty',                      caller,          buckets.bucketParams,         buckets.emptyBucket),
  route('DELETE',  '/bucket/:id',                            caller,          buckets.bucketParams,         buckets.deleteBucket),

  // Listing, move, copy
  route('POST',    '/object/list/:bucket',                   caller,          list.listObjectsParams,       list.listObjects),
  route('POST',    '/object/list-v2/:bucket',                caller,          list.listObjectsV2Params,     list.listObjectsV2),
  route('POST',    '/object/move',                           caller,          objects.transferParams,       objects.moveObject),
  route('POST',    '/object/copy',                           caller,          objects.transferParams,       objects.copyObject),

  // Signed URLs: many before one; using one needs only its token
  route('POST',    '/object/sign/:bucket',                   caller,          sign.signDownloadsParams,     sign.signDownloads),
  route('POST',    '/object/sign/:bucket/*',                 caller,          sign.signDownloadParams,      sign.signDownload),
  route('GET',     '/object/sign/:bucket/*',                 signedDownload,  read.signedDownloadParams,    read.downloadSigned),
  route('POST',    '/object/upload/sign/:bucket/*',          caller,          sign.signUploadParams,        sign.signUpload),
  route('PUT',     '/object/upload/sign/:bucket/*',          signedUpload,    upload.signedUploadParams,    upload.uploadSigned),

  // Info and downloads (GET also answers HEAD)
  route('GET',     '/object/info/public/:bucket/*',          publicBucket,    read.infoParams,              read.info),
  route('GET',     '/object/info/authenticated/:bucket/*',   caller,          read.infoParams,              read.info),
  route('GET',     '/object/info/:bucket/*',                 caller,          read.infoParams,              read.info),
  route('GET',     '/object/public/:bucket/*',               publicBucket,    read.downloadParams,          read.download),
  route('GET',     '/object/authenticated/:bucket/*',        caller,          read.downloadParams,          read.download),
  route('GET',     '/object/:bucket/*',                      caller,          read.downloadParams,          read.download),

  // Image transformations
  route('GET',     '/render/image/authenticated/:bucket/*',  caller,          render.renderParams,          render.renderImage),
  route('GET',     '/render/image/public/:bucket/*',         publicBucket,    render.renderParams,          render.renderImage),
  route('GET',     '/render/image/sign/:bucket/*',           signedDownload,  render.signedRenderParams,    render.renderSigned),

  // Upload, replace, remove
  route('POST',    '/object/:bucket/*',                      caller,          upload.uploadParams,          upload.createObject),
  route('PUT',     '/object/:bucket/*',                      caller,          upload.uploadParams,          upload.updateObject),
  route('DELETE',  '/object/:bucket',                        caller,          objects.removeObjectsParams,  objects.removeObjects),
  route('DELETE',  '/object/:bucket/*',                      caller,          objects.removeObjectParams,   objects.removeObject),
];
