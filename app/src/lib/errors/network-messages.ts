// Sentences for failures that never reached a service: offline, the server not answering
// (lib/reachability.ts), network errors, timeouts, and the
// gateway's API-key answers. Codes are the app's own (see "## Network" in docs/errors.md).

export const NETWORK_MESSAGES: Record<string, string> = {
  offline: 'You are offline. Check your connection; your work is kept until you are back.',
  unreachable:
    "Can't reach Sheaf — the server is not answering. Your work is kept on this device and sent as soon as it answers.",
  network_error: 'Sheaf could not reach the server. Check your connection and try again.',
  timeout: 'The server took too long to answer. Please try again.',
  server_error: 'Something went wrong on our side. Please try again in a moment.',
  unknown_error: 'Something went wrong. Please try again.',
  api_key_missing: 'Sheaf is not configured correctly: the API key is missing.',
  api_key_invalid: 'Sheaf is not configured correctly: the API key is not valid.',
};
