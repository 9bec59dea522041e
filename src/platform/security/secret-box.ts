import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1';
const SEALED = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/;
/** Opened secrets kept per process: settings with keys are read (and opened) on every webhook and cart view. */
const OPENED_CACHE_SIZE = 256;

/**
 * Encrypts secrets at rest (credential secrets, gateway keys, webhook hashes) with AES-256-GCM.
 * The key is derived from APP_SECRET, so a database dump alone does not reveal them.
 */
export class SecretBox {
  readonly #key: Buffer;
  /** Sealed text -> plain text. A sealed text always opens to the same plain text under one key (GCM). */
  readonly #opened = new Map<string, string>();

  constructor(appSecret: string, purpose = 'secret-box') {
    if (!appSecret) throw new Error('APP_SECRET is empty');
    this.#key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), purpose, 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /**
   * The plain text of `sealed`; throws when it is not a sealed text of this key. `keep: false` opens it
   * without keeping it in the process's cache (values read once per record, like customers' bank details,
   * would only push the settings' keys out).
   */
  decrypt(sealed: string, options: { keep?: boolean } = {}): string {
    const known = this.#opened.get(sealed);
    if (known !== undefined) return known;
    const plain = this.#open(sealed);
    if (options.keep === false) return plain;
    // the oldest entry goes first; secrets change rarely, so a handful of entries is all a process uses
    if (this.#opened.size >= OPENED_CACHE_SIZE) this.#opened.delete(this.#opened.keys().next().value!);
    this.#opened.set(sealed, plain);
    return plain;
  }

  #open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== PREFIX || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether `text` has the form `encrypt` gives (version, IV, tag, body), without opening it. */
  static isSealed(text: string): boolean {
    return SEALED.test(text);
  }

  /** A key derived for another purpose (e.g. signing tokens), independent of the encryption key. */
  static deriveKey(appSecret: string, purpose: string): Uint8Array {
    return new Uint8Array(hkdfSync('sha256', appSecret, Buffer.alloc(0), purpose, 32));
  }
}
