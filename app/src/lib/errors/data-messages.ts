// Sentences for the data services: PostgREST (SQLSTATE and PGRST codes) and Sheaf's edge-function
// codes (the `error.code` of their JSON bodies). Storage's are in service-messages.ts.

export const DATA_MESSAGES: Record<string, string> = {
  // PostgREST / Postgres
  '42501': 'You do not have permission to do that here.',
  '23505': 'That already exists.',
  '23514':
    'Some of what you entered is not allowed (too long, too many, or empty where it cannot be).',
  '23503': 'This item no longer exists.',
  '22P02': 'Some of what you entered is not in the expected format.',
  PGRST116: 'This item does not exist or you do not have access to it.',
  // Sheaf's own database rules (supabase/migrations)
  '55000': 'This note is in the trash. Restore it to change it.',
  P0002: 'This item does not exist or you do not have access to it.',
  PGRST301: 'Your session has expired. Please sign in again.',
  PGRST303: 'Your session has expired. Please sign in again.',
  // Sheaf's edge functions (share-notebook, export-data, delete-account)
  invalid_json:
    'Sheaf sent a request the server could not read. Please reload the page and try again.',
  invalid_request: 'Some of what was sent is not valid. Please check it and try again.',
  unauthorized: 'Please sign in again to continue.',
  auth_unavailable: 'Sheaf could not check your sign-in just now. Please try again in a moment.',
  confirmation_required: 'Confirm that you want to delete your account to continue.',
  method_not_allowed:
    'Sheaf sent a request the server could not read. Please reload the page and try again.',
  internal_error: 'Something went wrong on our side. Please try again.',
  invalid_email: 'Enter a valid email address.',
  cannot_share_with_self: 'You already own this notebook.',
  notebook_not_found: 'That notebook does not exist or is not yours.',
  not_owner: 'Only the owner of a notebook can share it.',
  notebook_in_trash: 'This notebook is in the trash. Restore it to share it.',
  not_published: 'This note is not published, or no longer is.',
  service_key_required: 'Only the scheduled digest can send digests.',
  upload_cancelled: 'The upload was cancelled.',
};
