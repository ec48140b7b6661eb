// Only same-origin paths are followed after a redirect ("next=" parameters, remembered pages).

export function safePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  return value;
}
