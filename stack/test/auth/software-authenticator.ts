// A software WebAuthn authenticator for the passkey and WebAuthn-factor tests: a real P-256 key
// pair per credential, a real "none" attestation object (CBOR, COSE key, authenticator data) for
// navigator.credentials.create(), and real ES256-signed assertions for get(). Tests can make it
// misbehave as an attacker would: another origin, a sign counter set back, no user presence.
import {
  createHash,
  createSign,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** CBOR of integers, text, bytes and maps (entries in the order given: canonical when sorted). */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -value - 1);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]),
  ]);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

export interface CreationOptions {
  challenge: string;
  rp?: { id?: string };
  user: { id: string };
}

export interface RequestOptions {
  challenge: string;
  allowCredentials?: { id: string }[];
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  private userHandle: Buffer | undefined;
  signCount = 0;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cosePublicKey = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty EC2
        [3, -7], // alg ES256
        [-1, 1], // crv P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private rpIdHash(rpId: string): Buffer {
    return createHash('sha256').update(rpId).digest();
  }

  /** navigator.credentials.create(): a new credential bound to the options' user. */
  create(options: CreationOptions, over: { origin?: string; rpId?: string } = {}) {
    this.userHandle = Buffer.from(options.user.id, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(over.rpId ?? this.rpId),
      Buffer.from([UP | UV | AT]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.cosePublicKey,
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        attestationObject: b64url(attestationObject),
        clientDataJSON: b64url(
          this.clientData('webauthn.create', options.challenge, over.origin ?? this.origin),
        ),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /**
   * navigator.credentials.get(): an assertion over the challenge. `counter` sets the sign count
   * sent (else it goes up by one); `presence: false` leaves the user-present flag off.
   */
  get(
    options: RequestOptions,
    over: { origin?: string; counter?: number; presence?: boolean; userHandle?: Buffer } = {},
  ) {
    if (!this.userHandle) throw new Error('create() a credential first');
    this.signCount = over.counter ?? this.signCount + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    const authData = Buffer.concat([
      this.rpIdHash(this.rpId),
      Buffer.from([(over.presence === false ? 0 : UP) | UV]),
      count,
    ]);
    const clientData = this.clientData(
      'webauthn.get',
      options.challenge,
      over.origin ?? this.origin,
    );
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, createHash('sha256').update(clientData).digest()]))
      .sign(this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        authenticatorData: b64url(authData),
        clientDataJSON: b64url(clientData),
        signature: b64url(signature),
        userHandle: b64url(over.userHandle ?? this.userHandle),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
