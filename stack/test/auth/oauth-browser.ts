// A browser as the OAuth tests need one: fetch with a cookie jar (name, value, path), following
// redirects by hand and stopping where the app would take over (a URL the test names), and
// filling the test identity provider's sign-in form as a person would.
import { expect } from 'vitest';

export interface TestPerson {
  email: string;
  name?: string;
  /** The "Email verified" checkbox (on unless unticked). */
  emailVerified?: boolean;
}

export class Browser {
  private cookies = new Map<string, { value: string; path: string }>();
  /** Every URL this browser was sent to, in order. */
  readonly visited: string[] = [];

  private cookieHeader(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([key, c]) => `${key.split('|')[0]}=${c.value}`)
      .join('; ');
  }

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.trim().split('=');
      const path =
        attributes
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith('path='))
          ?.slice(5) ?? '/';
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired) this.cookies.delete(`${name}|${path}`);
      else this.cookies.set(`${name}|${path}`, { value: value.join('='), path });
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    this.visited.push(target.toString());
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.keep(response);
    return response;
  }

  /**
   * Follows redirects from `url` until one leaves for a URL `stop` accepts (returned, not
   * fetched) or a page answers (returned as the response).
   */
  async follow(
    url: string,
    stop: (url: URL) => boolean,
    init?: RequestInit,
  ): Promise<{ url: URL; response?: Response }> {
    let next = new URL(url);
    let response = await this.request(next.toString(), init);
    for (let hops = 0; hops < 20; hops++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location)
        return { url: next, response };
      next = new URL(location, next);
      if (stop(next)) {
        this.visited.push(next.toString());
        return { url: next };
      }
      response = await this.request(next.toString());
    }
    throw new Error('too many redirects');
  }

  /**
   * From an authorize URL to where the provider's sign-in sends the browser back to the app
   * (a URL `leaves` accepts): the sign-in page is filled with `person` and its form posted.
   */
  async signIn(
    authorizeUrl: string,
    person: TestPerson,
    leaves: (u: URL) => boolean,
  ): Promise<URL> {
    const page = await this.follow(authorizeUrl, leaves);
    if (!page.response) return page.url;
    expect(page.response.status).toBe(200);
    const html = await page.response.text();
    expect(html).toContain('<label for="email">Email</label>');
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBeTruthy();
    const form = new URLSearchParams({ email: person.email, name: person.name ?? '' });
    if (person.emailVerified !== false) form.set('email_verified', 'true');
    const done = await this.follow(new URL(action!, page.url).toString(), leaves, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (done.response)
      throw new Error(
        `sign-in stopped at ${done.url} (${done.response.status}): ${await done.response.text()}`,
      );
    return done.url;
  }
}

/** Stops where the browser is sent to this origin (the app). */
export const toOrigin = (origin: string) => (u: URL) => u.origin === origin;

/** The URL fragment's parameters. */
export const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1));
