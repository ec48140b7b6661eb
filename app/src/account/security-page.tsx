// /settings/security: email, phone, password, linked sign-in methods, two-step verification,
// passkeys, devices.
import { useEffect } from 'react';
import { EmailSection } from './email-section.tsx';
import { MfaSection } from './mfa-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PhoneSection } from './phone-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SignInMethodsSection } from './sign-in-methods-section.tsx';

export function SecurityPage() {
  useEffect(() => {
    document.title = 'Security · Settings · Sheaf';
  }, []);
  return (
    <>
      <EmailSection />
      <PhoneSection />
      <PasswordSection />
      <SignInMethodsSection />
      <MfaSection />
      <PasskeysSection />
      <SessionsSection />
    </>
  );
}
