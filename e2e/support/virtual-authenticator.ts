// Chromium's virtual WebAuthn authenticators (CDP WebAuthn domain), standing in for the device a
// person holds: a platform authenticator with passkeys (fingerprint, face), or a roaming security
// key (USB, a touch). With presence simulation on, it says yes at once; off, a ceremony waits as
// for a key nobody touches, until it is cancelled or times out.
import type { BrowserContext, Page } from 'playwright-core';

type Options = {
  protocol: 'ctap2' | 'u2f';
  transport: 'internal' | 'usb' | 'nfc' | 'ble';
  hasResidentKey: boolean;
  hasUserVerification: boolean;
  isUserVerified: boolean;
};

/** A device's platform authenticator holding passkeys, verifying the person at once. */
export const PLATFORM_PASSKEYS: Options = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
};

/** A USB security key: FIDO2, no PIN or fingerprint of its own, a touch says the person is there. */
export const USB_SECURITY_KEY: Options = {
  protocol: 'ctap2',
  transport: 'usb',
  hasResidentKey: false,
  hasUserVerification: false,
  isUserVerified: false,
};

export interface VirtualAuthenticator {
  credentials(): Promise<{ credentialId: string; isResidentCredential: boolean }[]>;
  /** Whether the authenticator answers at once (a touch) or leaves a ceremony waiting. */
  present(yes: boolean): Promise<void>;
}

export async function virtualAuthenticator(
  context: BrowserContext,
  page: Page,
  options: Options = PLATFORM_PASSKEYS,
): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { ...options, automaticPresenceSimulation: true },
  });
  return {
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
    async present(yes) {
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: yes });
    },
  };
}
