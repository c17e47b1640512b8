// draft-cavage-http-signatures-10, Appendix C ("Test Values"): key, request and the
// published signatures of C.1 (default), C.2 (basic) and C.3 (all headers).
//
// Where the values come from: the -10 text at https://tools.ietf.org/html/draft-cavage-http-signatures-10#appendix-C,
// as reproduced verbatim in public test suites that cite it, e.g. the Rust `httpsig` tests
// ("Values taken from: https://tools.ietf.org/html/draft-cavage-http-signatures-10#appendix-C")
// and Eclipse `tech.barbero.http.message.signing` RFCData.java; both agree byte for byte.
// The -10 request differs from older drafts (Date in 2014, Digest instead of Content-MD5).
// The signatures were also re-derived with OpenSSL 3.0 (`openssl dgst -sha256 -sign`) from the key below.
//
// The draft gives the private key as PKCS#1 ("RSA PRIVATE KEY", 1024-bit). WebCrypto imports
// only PKCS#8, so CAVAGE_PRIVATE_KEY_PKCS8 is the same key converted once with
// `openssl pkcs8 -topk8 -nocrypt -in rsa.pem` (OpenSSL 3.0.19).

export const CAVAGE_PRIVATE_KEY_PKCS1 = `-----BEGIN RSA PRIVATE KEY-----
MIICXgIBAAKBgQDCFENGw33yGihy92pDjZQhl0C36rPJj+CvfSC8+q28hxA161QF
NUd13wuCTUcq0Qd2qsBe/2hFyc2DCJJg0h1L78+6Z4UMR7EOcpfdUE9Hf3m/hs+F
UR45uBJeDK1HSFHD8bHKD6kv8FPGfJTotc+2xjJwoYi+1hqp1fIekaxsyQIDAQAB
AoGBAJR8ZkCUvx5kzv+utdl7T5MnordT1TvoXXJGXK7ZZ+UuvMNUCdN2QPc4sBiA
QWvLw1cSKt5DsKZ8UETpYPy8pPYnnDEz2dDYiaew9+xEpubyeW2oH4Zx71wqBtOK
kqwrXa/pzdpiucRRjk6vE6YY7EBBs/g7uanVpGibOVAEsqH1AkEA7DkjVH28WDUg
f1nqvfn2Kj6CT7nIcE3jGJsZZ7zlZmBmHFDONMLUrXR/Zm3pR5m0tCmBqa5RK95u
412jt1dPIwJBANJT3v8pnkth48bQo/fKel6uEYyboRtA5/uHuHkZ6FQF7OUkGogc
mSJluOdc5t6hI1VsLn0QZEjQZMEOWr+wKSMCQQCC4kXJEsHAve77oP6HtG/IiEn7
kpyUXRNvFsDE0czpJJBvL/aRFUJxuRK91jhjC68sA7NsKMGg5OXb5I5Jj36xAkEA
gIT7aFOYBFwGgQAQkWNKLvySgKbAZRTeLBacpHMuQdl1DfdntvAyqpAZ0lY0RKmW
G6aFKaqQfOXKCyWoUiVknQJAXrlgySFci/2ueKlIE1QqIiLSZ8V8OlpFLRnb1pzI
7U1yQXnTAEFYM560yJlzUpOb1V4cScGd365tiSMvxLOvTA==
-----END RSA PRIVATE KEY-----
`;

export const CAVAGE_PRIVATE_KEY_PKCS8 = `-----BEGIN PRIVATE KEY-----
MIICeAIBADANBgkqhkiG9w0BAQEFAASCAmIwggJeAgEAAoGBAMIUQ0bDffIaKHL3
akONlCGXQLfqs8mP4K99ILz6rbyHEDXrVAU1R3XfC4JNRyrRB3aqwF7/aEXJzYMI
kmDSHUvvz7pnhQxHsQ5yl91QT0d/eb+Gz4VRHjm4El4MrUdIUcPxscoPqS/wU8Z8
lOi1z7bGMnChiL7WGqnV8h6RrGzJAgMBAAECgYEAlHxmQJS/HmTO/6612XtPkyei
t1PVO+hdckZcrtln5S68w1QJ03ZA9ziwGIBBa8vDVxIq3kOwpnxQROlg/Lyk9iec
MTPZ0NiJp7D37ESm5vJ5bagfhnHvXCoG04qSrCtdr+nN2mK5xFGOTq8TphjsQEGz
+Du5qdWkaJs5UASyofUCQQDsOSNUfbxYNSB/Weq9+fYqPoJPuchwTeMYmxlnvOVm
YGYcUM40wtStdH9mbelHmbS0KYGprlEr3m7jXaO3V08jAkEA0lPe/ymeS2HjxtCj
98p6Xq4RjJuhG0Dn+4e4eRnoVAXs5SQaiByZImW451zm3qEjVWwufRBkSNBkwQ5a
v7ApIwJBAILiRckSwcC97vug/oe0b8iISfuSnJRdE28WwMTRzOkkkG8v9pEVQnG5
Er3WOGMLrywDs2wowaDk5dvkjkmPfrECQQCAhPtoU5gEXAaBABCRY0ou/JKApsBl
FN4sFpykcy5B2XUN92e28DKqkBnSVjREqZYbpoUpqpB85coLJahSJWSdAkBeuWDJ
IVyL/a54qUgTVCoiItJnxXw6WkUtGdvWnMjtTXJBedMAQVgznrTImXNSk5vVXhxJ
wZ3frm2JIy/Es69M
-----END PRIVATE KEY-----
`;

export const CAVAGE_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDCFENGw33yGihy92pDjZQhl0C3
6rPJj+CvfSC8+q28hxA161QFNUd13wuCTUcq0Qd2qsBe/2hFyc2DCJJg0h1L78+6
Z4UMR7EOcpfdUE9Hf3m/hs+FUR45uBJeDK1HSFHD8bHKD6kv8FPGfJTotc+2xjJw
oYi+1hqp1fIekaxsyQIDAQAB
-----END PUBLIC KEY-----
`;

export const CAVAGE_BODY = '{"hello": "world"}';

export const CAVAGE_REQUEST = {
  method: "POST",
  url: "/foo?param=value&pet=dog",
  headers: {
    Host: "example.com",
    Date: "Sun, 05 Jan 2014 21:31:40 GMT",
    "Content-Type": "application/json",
    Digest: "SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=",
    "Content-Length": "18",
  },
  body: CAVAGE_BODY,
} as const;

export interface AppendixCCase {
  readonly name: string;
  readonly headers: readonly string[];
  readonly signingString: string;
  /** The Signature header as published; the keyId is "Test". */
  readonly signatureHeader: string;
  readonly signature: string;
}

const C1_SIGNATURE =
  "SjWJWbWN7i0wzBvtPl8rbASWz5xQW6mcJmn+ibttBqtifLN7Sazz6m79cNfwwb8DMJ5cou1s7uEGKKCs+FLEEaDV5lp7q25WqS+lavg7T8hc0GppauB6hbgEKTwblDHYGEtbGmtdHgVCk9SuS13F0hZ8FD0k/5OxEPXe5WozsbM=";
const C2_SIGNATURE =
  "qdx+H7PHHDZgy4y/Ahn9Tny9V3GP6YgBPyUXMmoxWtLbHpUnXS2mg2+SbrQDMCJypxBLSPQR2aAjn7ndmw2iicw3HMbe8VfEdKFYRqzic+efkb3nndiv/x1xSHDJWeSWkx3ButlYSuBskLu6kd9Fswtemr3lgdDEmn04swr2Os0=";
const C3_SIGNATURE =
  "vSdrb+dS3EceC9bcwHSo4MlyKS59iFIrhgYkz8+oVLEEzmYZZvRs8rgOp+63LEM3v+MFHB32NfpB2bEKBIvB1q52LaEUHFv120V01IL+TAD48XaERZFukWgHoBTLMhYS2Gb51gWxpeIq8knRmPnYePbF5MOkR0Zkly4zKH7s1dE=";

export const APPENDIX_C: readonly AppendixCCase[] = [
  {
    name: "C.1 default test (no headers parameter: date only)",
    headers: ["date"],
    signingString: "date: Sun, 05 Jan 2014 21:31:40 GMT",
    signatureHeader: `keyId="Test",algorithm="rsa-sha256",signature="${C1_SIGNATURE}"`,
    signature: C1_SIGNATURE,
  },
  {
    name: "C.2 basic test",
    headers: ["(request-target)", "host", "date"],
    signingString: "(request-target): post /foo?param=value&pet=dog\nhost: example.com\ndate: Sun, 05 Jan 2014 21:31:40 GMT",
    // As published, with a space after the comma before signature= (OWS, RFC 7235).
    signatureHeader: `keyId="Test",algorithm="rsa-sha256",headers="(request-target) host date", signature="${C2_SIGNATURE}"`,
    signature: C2_SIGNATURE,
  },
  {
    name: "C.3 all headers test",
    headers: ["(request-target)", "host", "date", "content-type", "digest", "content-length"],
    signingString:
      "(request-target): post /foo?param=value&pet=dog\nhost: example.com\ndate: Sun, 05 Jan 2014 21:31:40 GMT\n" +
      "content-type: application/json\ndigest: SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=\ncontent-length: 18",
    signatureHeader: `keyId="Test",algorithm="rsa-sha256",headers="(request-target) host date content-type digest content-length",signature="${C3_SIGNATURE}"`,
    signature: C3_SIGNATURE,
  },
];
