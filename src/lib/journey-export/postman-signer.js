/*
 * Signs every request of this collection as the PSD2 interface requires (spec section 5): a fresh
 * X-Request-ID and Date, the Digest of the body, and the Signature (draft-cavage-http-signatures-10,
 * RSA-SHA256) with keyId="SN=<serial>,CA=<issuer>" read from the certificate.
 *
 * Postman's script sandbox has CryptoJS (SHA-256, Base64) but no RSA, so the RSA signature is made
 * here with JavaScript's BigInt (PKCS#1 v1.5). Nothing is loaded from the network: it runs the same
 * in the Postman app and in newman.
 *
 * Fill the collection variables tppPrivateKey and tppCertificate with your PEM files' text (the
 * public sandbox test certificate and its key are prefilled). The key never leaves Postman.
 */
/* global pm, CryptoJS */
(function signThisRequest() {
  // Signed whenever the request carries them, in this order (spec 5.4).
  const SIGNED_HEADERS = ["digest", "x-request-id", "psu-id", "psu-corporate-id", "tpp-redirect-uri", "date"];

  const keyPem = pm.variables.get("tppPrivateKey");
  const certificatePem = pm.variables.get("tppCertificate");
  if (!keyPem || !certificatePem)
    throw new Error("Fill the collection variables tppPrivateKey and tppCertificate with your key and certificate (PEM) to sign requests.");
  if (/ENCRYPTED/.test(keyPem)) throw new Error("tppPrivateKey is encrypted: export it without a passphrase (openssl pkcs8 -topk8 -nocrypt).");

  /** PEM text (newlines may have become spaces when pasted) to bytes. */
  function pemBytes(pem) {
    const base64 = pem.replace(/-----(BEGIN|END)[^-]*-----/g, "").replace(/\s+/g, "");
    return wordsToBytes(CryptoJS.enc.Base64.parse(base64));
  }
  function wordsToBytes(words) {
    const bytes = [];
    for (let i = 0; i < words.sigBytes; i++) bytes.push((words.words[i >>> 2] >>> (24 - (i % 4) * 8)) & 0xff);
    return bytes;
  }
  const hexOf = (bytes) => bytes.map((b) => (b < 16 ? "0" : "") + b.toString(16)).join("");
  const utf8Of = (bytes) => CryptoJS.enc.Utf8.stringify(CryptoJS.enc.Hex.parse(hexOf(bytes)));
  const base64OfUtf8 = (text) => CryptoJS.enc.Base64.stringify(CryptoJS.enc.Utf8.parse(text));

  /** One DER element at offset: its tag, where its content starts and ends. */
  function der(bytes, offset) {
    const tag = bytes[offset];
    let length = bytes[offset + 1];
    let start = offset + 2;
    if (length & 0x80) {
      const count = length & 0x7f;
      length = 0;
      for (let i = 0; i < count; i++) length = length * 256 + bytes[start + i];
      start += count;
    }
    if (tag === undefined || start + length > bytes.length) throw new Error("The key or certificate is not valid DER (cut short?).");
    return { tag, start, end: start + length };
  }
  function children(bytes, element) {
    const list = [];
    for (let at = element.start; at < element.end; at = list[list.length - 1].end) list.push(der(bytes, at));
    return list;
  }
  const integerOf = (bytes, element) => BigInt("0x0" + hexOf(bytes.slice(element.start, element.end)));

  /** PKCS#8 ("BEGIN PRIVATE KEY") or PKCS#1 ("BEGIN RSA PRIVATE KEY") to the RSA numbers. */
  function rsaKey(pem) {
    const bytes = pemBytes(pem);
    let fields = children(bytes, der(bytes, 0));
    if (fields.length === 3 && fields[2].tag === 0x04) fields = children(bytes, der(bytes, fields[2].start));
    if (fields.length < 9) throw new Error("tppPrivateKey is not an RSA private key.");
    const [n, , , p, q, dp, dq, qinv] = fields.slice(1, 9).map((element) => integerOf(bytes, element));
    return { n, p, q, dp, dq, qinv, size: Math.ceil(n.toString(16).length / 2) };
  }

  function modPow(base, exponent, modulus) {
    let result = 1n;
    base %= modulus;
    for (; exponent > 0n; exponent >>= 1n) {
      if (exponent & 1n) result = (result * base) % modulus;
      base = (base * base) % modulus;
    }
    return result;
  }

  /** RSASSA-PKCS1-v1_5 with SHA-256 over the UTF-8 text, as base64 (RFC 8017 8.2, 9.2). */
  function rsaSha256(text, key) {
    const digestInfo = "3031300d060960864801650304020105000420" + CryptoJS.SHA256(CryptoJS.enc.Utf8.parse(text)).toString(CryptoJS.enc.Hex);
    const padding = "ff".repeat(key.size - 3 - digestInfo.length / 2);
    const m = BigInt("0x0001" + padding + "00" + digestInfo);
    // Chinese remainder theorem: two half-size exponentiations instead of one.
    const m1 = modPow(m, key.dp, key.p);
    const m2 = modPow(m, key.dq, key.q);
    const h = ((((m1 - m2) % key.p) + key.p) * key.qinv) % key.p;
    const hex = (m2 + h * key.q).toString(16).padStart(key.size * 2, "0");
    return CryptoJS.enc.Base64.stringify(CryptoJS.enc.Hex.parse(hex));
  }

  const NAMES = {
    "2.5.4.3": "CN",
    "2.5.4.4": "SN",
    "2.5.4.5": "serialNumber",
    "2.5.4.6": "C",
    "2.5.4.7": "L",
    "2.5.4.8": "ST",
    "2.5.4.9": "STREET",
    "2.5.4.10": "O",
    "2.5.4.11": "OU",
    "2.5.4.97": "organizationIdentifier",
    "0.9.2342.19200300.100.1.1": "UID",
    "0.9.2342.19200300.100.1.25": "DC",
    "1.2.840.113549.1.9.1": "emailAddress",
  };
  function oidOf(bytes, element) {
    const content = bytes.slice(element.start, element.end);
    const parts = [Math.floor(content[0] / 40), content[0] % 40];
    let value = 0;
    for (const byte of content.slice(1)) {
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) {
        parts.push(value);
        value = 0;
      }
    }
    return parts.join(".");
  }
  function stringOf(bytes, element) {
    const content = bytes.slice(element.start, element.end);
    if (element.tag === 0x1e) {
      let text = "";
      for (let i = 0; i + 1 < content.length; i += 2) text += String.fromCharCode(content[i] * 256 + content[i + 1]);
      return text;
    }
    return utf8Of(content);
  }
  const escapeValue = (value) =>
    value
      .replace(/[\\,+"<>;]/g, (c) => "\\" + c)
      .replace(/^[ #]/, (c) => "\\" + c)
      .replace(/ $/, "\\ ");

  /** keyId = SN=<serial, hex>,CA=<issuer, most specific part first> (spec 5.2), and the base64 DER. */
  function certificateOf(pem) {
    const bytes = pemBytes(pem);
    const tbs = children(bytes, der(bytes, 0))[0];
    const fields = children(bytes, tbs);
    const at = fields[0].tag === 0xa0 ? 1 : 0;
    const serial = hexOf(bytes.slice(fields[at].start, fields[at].end))
      .toUpperCase()
      .replace(/^0+(?=.)/, "");
    const issuer = children(bytes, fields[at + 2])
      .map((set) =>
        children(bytes, set)
          .map((pair) => {
            const [type, value] = children(bytes, pair);
            const oid = oidOf(bytes, type);
            return (NAMES[oid] || oid) + "=" + escapeValue(stringOf(bytes, value));
          })
          .join("+"),
      )
      .reverse()
      .join(",");
    return { keyId: "SN=" + serial + ",CA=" + issuer, base64: CryptoJS.enc.Base64.stringify(CryptoJS.enc.Hex.parse(hexOf(bytes))) };
  }

  // The body exactly as it will be sent: variables resolved here, so the Digest covers those bytes.
  let body = "";
  if (pm.request.body && pm.request.body.mode === "raw" && !pm.request.body.disabled) {
    body = pm.variables.replaceIn(pm.request.body.raw || "");
    pm.request.body.update({ mode: "raw", raw: body, options: { raw: { language: "json" } } });
  }

  const set = (name, value) => pm.request.headers.upsert({ key: name, value: value });
  set("X-Request-ID", pm.variables.replaceIn("{{$guid}}"));
  set("Date", new Date().toUTCString());
  set("Digest", "SHA-256=" + CryptoJS.SHA256(CryptoJS.enc.Utf8.parse(body)).toString(CryptoJS.enc.Base64));

  const present = {};
  pm.request.headers.each((header) => {
    if (header.disabled) return;
    const value = pm.variables.replaceIn(header.value);
    present[header.key.toLowerCase()] = value;
    header.value = value;
  });
  const signed = SIGNED_HEADERS.filter((name) => present[name] !== undefined);
  const signingString = signed.map((name) => name + ": " + present[name].replace(/^[ \t]+|[ \t]+$/g, "")).join("\n");
  const certificate = certificateOf(certificatePem);
  let signature =
    'keyId="' + certificate.keyId + '",algorithm="rsa-sha256",headers="' + signed.join(" ") + '",signature="' + rsaSha256(signingString, rsaKey(keyPem)) + '"';
  // spec 5.6: a value that is not ASCII travels as one RFC 2047 encoded-word.
  if (/[^\x20-\x7e]/.test(signature)) signature = "=?utf-8?B?" + base64OfUtf8(signature) + "?=";
  set("Signature", signature);
  set("TPP-Signature-Certificate", certificate.base64);
})();
