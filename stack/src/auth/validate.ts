// Email and phone validation as Supabase Auth does it: lower-cased emails of at most 255
// characters, and E.164 phone numbers stored without the leading '+'.
import { authError } from './errors.ts';

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

export function validateEmail(email: string): string {
  const trimmed = email.trim();
  if (!trimmed) throw authError('validation_failed', 'An email address is required');
  if (trimmed.length > 255) throw authError('validation_failed', 'An email address is too long');
  if (!EMAIL.test(trimmed))
    throw authError('validation_failed', 'Unable to validate email address: invalid format');
  return trimmed.toLowerCase();
}

export function validatePhone(phone: string): string {
  const digits = phone.replace(/[\s+\-()]/g, '');
  if (!/^[1-9]\d{1,14}$/.test(digits))
    throw authError('validation_failed', 'Invalid phone number format (E.164 required)');
  return digits;
}
