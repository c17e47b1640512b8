/**
 * Stand-in for tough-cookie in the portal's bundle. msw keeps a cookie jar (tough-cookie, with the
 * public-suffix list of tldts: about 80 KiB gzip) to expose request cookies to handlers; the
 * sandbox never reads cookies (the interface carries none), so the jar can be empty.
 * See docs/decisions/0009-msw-without-cookie-jar.md.
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- mirrors tough-cookie's API, which msw calls
export class Cookie {
  static fromJSON(): null {
    return null;
  }
}

export class MemoryCookieStore {
  idx: Record<string, unknown> = {};
}

export class CookieJar {
  getCookiesSync(): never[] {
    return [];
  }

  async setCookie(): Promise<void> {
    // Cookies set by responses are dropped: nothing in the sandbox reads them.
  }
}
