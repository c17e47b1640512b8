// The one place that loads @peculiar/x509: the shim must be evaluated before the
// library (ES modules evaluate imports in order), and the library must use the
// platform's WebCrypto in both the browser and Node 20. Other modules import x509 from here.
import "./reflect-metadata-shim";
import * as x509 from "@peculiar/x509";

if (!x509.cryptoProvider.has("default")) x509.cryptoProvider.set(globalThis.crypto);

export { x509 };
