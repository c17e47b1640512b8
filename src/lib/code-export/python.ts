/** Python 3 with requests and cryptography: the request signed at run time. */
import { batchRunPath, scaControlPath, SIGNED_HEADER_ORDER, statusPathSuffix, type CodeJourney, type CodeRequest, type Generator } from "./request-model";

// A JSON string is a valid Python string literal (the escapes JSON uses are Python's too).
const str = (text: string) => JSON.stringify(text);
const dict = (headers: CodeRequest["headers"], indent: string) =>
  headers.length === 0 ? "{}" : `{\n${headers.map(([name, value]) => `${indent}    ${str(name)}: ${str(value)},`).join("\n")}\n${indent}}`;

function prelude(title: string, bases: string): string {
  return `#!/usr/bin/env python3
"""${title}.

Signed at run time as the PSD2 interface requires (spec section 5): a fresh X-Request-ID and
Date, the Digest of the body, and the Signature over them made with your key.
Needs Python 3.8+ with requests and cryptography 36 or newer
(pip install requests cryptography, or apt-get install python3-requests python3-cryptography).
"""
import base64
import hashlib
import sys
import uuid
from email.utils import formatdate

import requests
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

KEY_FILE = "tpp-key.pem"  # your private key, PEM (PKCS#8 or PKCS#1)
CERT_FILE = "tpp-cert.pem"  # your certificate, PEM
${bases}

# Headers signed whenever the request carries them, in this order (spec 5.4).
SIGNED_HEADERS = [${SIGNED_HEADER_ORDER.map(str).join(", ")}]

with open(KEY_FILE, "rb") as file:
    PRIVATE_KEY = serialization.load_pem_private_key(file.read(), password=None)
with open(CERT_FILE, "rb") as file:
    CERTIFICATE = x509.load_pem_x509_certificate(file.read())
# keyId names the certificate by serial number and issuer (spec 5.2); organizationIdentifier
# (2.5.4.97) by its name, which older cryptography releases would write as a number.
KEY_ID = "SN=%X,CA=%s" % (
    CERTIFICATE.serial_number,
    CERTIFICATE.issuer.rfc4514_string({x509.ObjectIdentifier("2.5.4.97"): "organizationIdentifier"}),
)


def sign(headers, body):
    """Adds Digest, Signature and TPP-Signature-Certificate to headers; body is the exact bytes sent."""
    headers["Digest"] = "SHA-256=" + base64.b64encode(hashlib.sha256(body).digest()).decode()
    present = {name.lower(): value for name, value in headers.items()}
    signed = [name for name in SIGNED_HEADERS if name in present]
    signing_string = "\\n".join(f"{name}: {present[name].strip()}" for name in signed)
    signature = PRIVATE_KEY.sign(signing_string.encode(), padding.PKCS1v15(), hashes.SHA256())
    value = 'keyId="%s",algorithm="rsa-sha256",headers="%s",signature="%s"' % (
        KEY_ID, " ".join(signed), base64.b64encode(signature).decode())
    if not value.isascii():  # spec 5.6: a non-ASCII value travels as one RFC 2047 encoded-word
        value = "=?utf-8?B?" + base64.b64encode(value.encode()).decode() + "?="
    headers["Signature"] = value
    headers["TPP-Signature-Certificate"] = base64.b64encode(CERTIFICATE.public_bytes(serialization.Encoding.DER)).decode()


def send(method, url, headers, body=""):
    """Sends one signed request, prints its status and body, and returns the response."""
    headers = {**headers, "X-Request-ID": str(uuid.uuid4()), "Date": formatdate(usegmt=True)}
    data = body.encode()
    sign(headers, data)
    response = requests.request(method, url, headers=headers, data=data or None, timeout=30)
    print(f"HTTP {response.status_code}")
    print(response.text)
    if response.status_code >= 400:
        sys.exit(1)
    return response
`;
}

function request(model: CodeRequest): string {
  const body = model.body === undefined ? "" : `\nBODY = ${str(model.body)}  # sent exactly as written: the Digest covers these bytes\n`;
  return `${prelude(model.title, `BASE_URL = ${str(model.base)}`)}${body}
send(
    ${str(model.method)},
    BASE_URL + ${str(model.path)},
    ${dict(model.headers, "    ")},${model.body === undefined ? "" : "\n    BODY,"}
)
`;
}

function journey(model: CodeJourney): string {
  const create = model.create;
  const bases = `API_BASE = ${str(create.base)}\nSANDBOX_BASE = ${str(model.sandboxBase)}  # where the sandbox-only /__sandbox/ routes answer`;
  return `${prelude(model.title, bases)}

def control(path, body):
    """A sandbox-only control route: unsigned, JSON in and out. A bank has none of these."""
    response = requests.post(SANDBOX_BASE + path, json=body, timeout=30)
    print(f"HTTP {response.status_code} from {path}")
    response.raise_for_status()


PAYMENT = ${str(create.body ?? "{}")}

# 1. Create the payment: RCVD, with an SCA link for the PSU.
created = send(${str(create.method)}, API_BASE + ${str(create.path)}, ${dict(create.headers, "")}, PAYMENT)
payment_id = created.json()["paymentId"]
# 2. The PSU approves it at the bank (here through the sandbox's control route): ACTC.
control(${str(scaControlPath)} + payment_id, {"decision": "approve"})
# 3. A batch run books due approved payments.
control(${str(batchRunPath)}, {})
# 4. Read the status: ACSC once booked (PDNG when its execution date is still ahead).
send("GET", API_BASE + ${str(create.path)} + "/" + payment_id + ${str(statusPathSuffix)}, ${dict(model.readHeaders, "")})
`;
}

export const python: Generator = {
  id: "python",
  label: "Python",
  needs: "Python 3.8+ with requests and cryptography 36+",
  run: (fileName) => `python3 ${fileName}`,
  fileName: (name) => `${name.replace(/-/g, "_")}.py`,
  request,
  journey,
};
