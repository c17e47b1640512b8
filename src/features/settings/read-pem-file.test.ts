import { describe, expect, it } from "vitest";
import { readPemFile } from "./read-pem-file";

const file = (content: BlobPart, name = "x.pem") => new File([content], name);

describe("readPemFile", () => {
  it("passes PEM text through", async () => {
    const pem = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
    expect(await readPemFile(file(pem), "certificate")).toEqual({ ok: true, text: pem });
  });

  it("turns a DER certificate into base64", async () => {
    expect(await readPemFile(file(new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]), "c.der"), "certificate")).toEqual({ ok: true, text: "MAMCAQE=" });
  });

  it("refuses a key file without PEM, and says how to make one", async () => {
    const read = await readPemFile(file(new Uint8Array([0x30, 0x01]), "k.der"), "key");
    expect(read).toEqual({ ok: false, message: expect.stringContaining("k.der holds no PEM block") as unknown });
    expect(read.ok ? "" : read.message).toMatch(/openssl pkcs8 -topk8 -nocrypt/);
  });

  it("refuses text that is no PEM and files too large to be one", async () => {
    expect((await readPemFile(file("hello", "notes.txt"), "certificate")).ok).toBe(false);
    const big = await readPemFile(file(new Uint8Array(300 * 1024), "big.bin"), "certificate");
    expect(big.ok ? "" : big.message).toMatch(/big\.bin is 300 kB: too large/);
  });
});
