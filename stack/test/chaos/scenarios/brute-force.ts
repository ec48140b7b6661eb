// Scenario: a hostile program on the stack's own machine guesses at every endpoint that accepts
// a secret — the emailed and texted codes and link hashes at /verify, a TOTP code at
// /factors/{id}/verify, the reauthentication nonce at PUT /user, a PKCE auth code and a password
// at /token — each guess with a new X-Forwarded-For (which no trusted proxy vouches for). The
// accounts are set up first, as their owners would; then every target is attacked with many
// wrong guesses, 20 at a time, and finally the right secret is sent. Reported per target: how
// many guesses were checked before the stack refused (429), what else came back, and what the
// right secret got. The stack runs as a child process through its CLI, as `npm start` runs it.
import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { errorCode } from '../harness/load.ts';
import { makeProject } from '../harness/project.ts';
import { startStackProcess, type StackProcess } from '../harness/stack-process.ts';

/** The configured limits under attack (requests per 5 minutes per client address). */
export const LIMITS = { tokenVerifications: 12, signInSignUps: 12, tokenRefresh: 12 };
/** Supabase Auth's MFA verify bucket (not configurable): a burst of 30. */
export const MFA_BURST = 30;

const CONFIG = `
project_id = "brute-force"
[auth]
site_url = "http://127.0.0.1:3000"
[auth.email]
enable_confirmations = true
secure_password_change = true
max_frequency = "0s"
[auth.sms]
enable_signup = true
enable_confirmations = true
max_frequency = "0s"
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
[auth.rate_limit]
email_sent = 1000
sms_sent = 1000
token_verifications = ${LIMITS.tokenVerifications}
sign_in_sign_ups = ${LIMITS.signInSignUps}
token_refresh = ${LIMITS.tokenRefresh}
`;

export interface Attack {
  target: string;
  /** The rate-limit bucket the target counts against (targets may share one). */
  bucket: keyof typeof LIMITS | 'mfaVerify';
  guesses: number;
  /** Guesses the stack checked (answered as a wrong secret) before refusing. */
  checked: number;
  /** Guesses refused with 429 over_request_rate_limit. */
  refused: number;
  /** Any other answer, `status code` → count (there must be none). */
  other: Record<string, number>;
  /** What the right secret got once the guessing had been refused. */
  right: string;
}

export interface BruteForceReport {
  attacks: Attack[];
  stackExit?: string;
  output: string;
}

interface Target {
  name: string;
  bucket: Attack['bucket'];
  /** The answer a wrong guess gets while guesses are still checked. */
  wrong: string;
  send(guess: string | undefined): Promise<Response>;
}

const describeAnswer = async (res: Response) => {
  if (res.status === 303) {
    const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
    return `303 ${fragment.get('error_code') ?? 'session'}`;
  }
  return `${res.status} ${(await errorCode(res)) ?? ''}`.trim();
};

function client(stack: StackProcess) {
  const randomAddress = () => `${1 + (randomBytes(1)[0]! % 223)}.${randomBytes(3).join('.')}`;
  return async (method: string, path: string, body?: unknown, bearer?: string) =>
    fetch(`${stack.url}/auth/v1${path}`, {
      method,
      redirect: 'manual',
      headers: {
        apikey: stack.anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': randomAddress(),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** Sets up the accounts under attack as their owners would, and returns the targets. */
async function targets(stack: StackProcess): Promise<Target[]> {
  const send = client(stack);
  const inbox = async (to: string) => {
    const res = await fetch(`${stack.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: { code: string; link: string }[] };
    return messages[0]!;
  };
  const signUp = async (body: Record<string, unknown>) => {
    const email = `victim-${randomBytes(4).toString('hex')}@example.com`;
    await send('POST', '/signup', { email, password: 'victim-password-1', ...body });
    return { email, mail: await inbox(email) };
  };
  const emailed = await signUp({});
  const linked = await signUp({});
  const linkToken = new URL(linked.mail.link).searchParams.get('token')!;
  const phone = `1555${randomBytes(3).readUIntBE(0, 3) % 10_000_000}`.padEnd(11, '0');
  await send('POST', '/otp', { phone });
  const sms = await inbox(phone);

  // A confirmed account with a TOTP factor and a session more than a day old.
  const owner = await signUp({});
  const session = (await (
    await send('POST', '/verify', { type: 'signup', email: owner.email, token: owner.mail.code })
  ).json()) as { access_token: string; user: { id: string } };
  const token = session.access_token;
  const factor = (await (
    await send('POST', '/factors', { factor_type: 'totp' }, token)
  ).json()) as {
    id: string;
    totp: { secret: string };
  };
  const challenge = (await (
    await send('POST', `/factors/${factor.id}/challenge`, undefined, token)
  ).json()) as { id: string };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) });
  await send('GET', '/reauthenticate', undefined, token);
  const nonce = (await inbox(owner.email)).code;

  const verifier = randomBytes(32).toString('base64url');
  const pkce = await signUp({
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 's256',
  });
  const opened = await fetch(pkce.mail.link, { redirect: 'manual' });
  const authCode = new URL(opened.headers.get('location')!).searchParams.get('code')!;

  const sha224 = (s: string) => createHash('sha224').update(s).digest('hex');
  const all: Target[] = [
    {
      name: 'email code at POST /verify',
      bucket: 'tokenVerifications',
      wrong: '403 otp_expired',
      send: (g) =>
        send('POST', '/verify', {
          type: 'signup',
          email: emailed.email,
          token: g ?? emailed.mail.code,
        }),
    },
    {
      name: 'SMS code at POST /verify',
      bucket: 'tokenVerifications',
      wrong: '403 otp_expired',
      send: (g) => send('POST', '/verify', { type: 'sms', phone, token: g ?? sms.code }),
    },
    {
      name: 'token hash at POST /verify',
      bucket: 'tokenVerifications',
      wrong: '403 otp_expired',
      send: (g) =>
        send('POST', '/verify', { type: 'signup', token_hash: g ? sha224(g) : linkToken }),
    },
    {
      name: 'email link at GET /verify',
      bucket: 'tokenVerifications',
      wrong: '303 otp_expired',
      send: (g) => send('GET', `/verify?type=signup&token=${g ? sha224(g) : linkToken}`),
    },
    {
      name: 'TOTP code at POST /factors/{id}/verify',
      bucket: 'mfaVerify',
      wrong: '422 mfa_verification_failed',
      send: (g) =>
        send(
          'POST',
          `/factors/${factor.id}/verify`,
          { challenge_id: challenge.id, code: g ?? totp.generate() },
          token,
        ),
    },
    {
      name: 'reauthentication nonce at PUT /user',
      bucket: 'signInSignUps',
      wrong: '422 reauthentication_not_valid',
      // A nonce sent along is checked, whatever the session's age.
      send: (g) => send('PUT', '/user', { password: 'a-new-password-2', nonce: g ?? nonce }, token),
    },
    {
      name: 'PKCE auth code at POST /token',
      bucket: 'tokenRefresh',
      wrong: '404 flow_state_not_found',
      send: (g) =>
        send('POST', '/token?grant_type=pkce', {
          auth_code: g ? `${g}-${randomBytes(8).toString('hex')}` : authCode,
          code_verifier: verifier,
        }),
    },
    {
      name: 'password at POST /token',
      bucket: 'tokenRefresh',
      wrong: '400 invalid_credentials',
      send: (g) =>
        send('POST', '/token?grant_type=password', {
          email: owner.email,
          password: g ?? 'victim-password-1',
        }),
    },
  ];
  return all;
}

/** `guesses` wrong guesses per target, 20 in flight at a time, then the right secret. */
export async function bruteForce(guesses = 300): Promise<BruteForceReport> {
  const project = makeProject(CONFIG, {});
  const stack = await startStackProcess({ workdir: project.workdir });
  try {
    const list = await targets(stack);
    const attacks: Attack[] = [];
    for (const target of list) {
      const attack: Attack = {
        target: target.name,
        bucket: target.bucket,
        guesses,
        checked: 0,
        refused: 0,
        other: {},
        right: '',
      };
      let next = 0;
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (next++ < guesses) {
            const wrong = String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0');
            const answer = await describeAnswer(await target.send(wrong));
            if (answer === target.wrong) attack.checked++;
            else if (answer === '429 over_request_rate_limit') attack.refused++;
            else attack.other[answer] = (attack.other[answer] ?? 0) + 1;
          }
        }),
      );
      attack.right = await describeAnswer(await target.send(undefined));
      attacks.push(attack);
    }
    return { attacks, stackExit: stack.exit && JSON.stringify(stack.exit), output: stack.output };
  } finally {
    await stack.kill();
    project.remove();
  }
}
