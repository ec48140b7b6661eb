// The Edge Functions service's route table (under /functions/v1; the gateway checks no API key
// here, as the Supabase CLI's gateway leaves functions to their own verify_jwt), in the stack's
// one route shape (context/route.ts). Every method reaches a function; the path's first segment
// names it (the input finds it, or 404), then its verify_jwt guard, then the call. A failure is
// answered in hosted Supabase's shapes (errors.ts).
import { open, route, routeTable, type Routes } from '../context/route.ts';
import type { FunctionsDeps } from './deps.ts';
import { functionErrors, functionFailure } from './errors.ts';
import { invoke } from './invoke.ts';
import { verifyJwt } from './verify-jwt.ts';

// prettier-ignore
export const ROUTES = [
  //     method  path         guard      endpoint
  route('ALL',   '/:name',    verifyJwt, invoke),
  route('ALL',   '/:name/*',  verifyJwt, invoke),
  route('ALL',   '/*',        open,      () => functionErrors.notFound()),
];

export function functionsRoutes(deps: FunctionsDeps): Routes {
  return routeTable(deps, ROUTES, functionFailure);
}
