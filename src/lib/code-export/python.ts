/** Python 3 with requests and cryptography: the request signed at run time. */
import { ADDRESS_NOTE, NO_OWN_DATA, identityList, SETUP_COMMENT, SETUP_PATHS, userValueHelp, type OwnData } from "./own-data";
import { batchRunPath, scaControlPath, SIGNED_HEADER_ORDER, statusPathSuffix, type CodeJourney, type CodeRequest, type Generator } from "./request-model";

// A JSON string is a valid Python string literal (the escapes JSON uses are Python's too).
const str = (text: string) => JSON.stringify(text);
const dict = (headers: CodeRequest["headers"], indent: string) =>
  headers.length === 0 ? "{}" : `{\n${headers.map(([name, value]) => `${indent}    ${str(name)}: ${str(value)},`).join("\n")}\n${indent}}`;

/** The values the requests' {{variables}} take: dates of the day it runs, the user's ids, the setup's customers and accounts. */
function values(own: OwnData, base: string): string {
  const dates =
    own.dates.length === 0
      ? ""
      : `
# Dates as the sandbox's calendar names them (Oslo), computed when the script runs.
TODAY = datetime.now(ZoneInfo("Europe/Oslo")).date()
VALUES["today"] = TODAY.isoformat()
VALUES["firstOfNextMonth"] = date(TODAY.year + TODAY.month // 12, TODAY.month % 12 + 1, 1).isoformat()
`;
  const user = own.fromUser
    .map(
      (value) => `
if not os.environ.get(${str(value.env)}):
    sys.exit(${str(userValueHelp(value))})
VALUES[${str(value.variable)}] = os.environ[${str(value.env)}]
`,
    )
    .join("");
  if (own.customers.length === 0) return `${dates}${user}`;
  return `${dates}${user}

def new_customer(key, identity_list):
    """A customer of this script's own: a new number from the sandbox's identity generator."""
    identities = requests.get(${base} + ${str(SETUP_PATHS.identities)}, timeout=30).json()
    VALUES[key + "Number"] = identities[identity_list][0]


def open_account(key, body):
    """An account for it (the customer is made with its first account): its number, IBAN and id."""
    account = send("POST", ${base} + ${str(SETUP_PATHS.accounts)}, {"Content-Type": "application/json", "Accept": "application/json"}, body).json()
    VALUES[key + "Bban"], VALUES[key + "Iban"], VALUES[key + "Id"] = account["bban"], account["iban"], account["resourceId"]


def read_customers(*keys):
    """Their PSU-IDs and names, as the sandbox made them."""
    customers = requests.get(${base} + ${str(SETUP_PATHS.customers)}, timeout=30).json()
    for key in keys:
        customer = next(c for c in customers if c["customerNumber"] == VALUES[key + "Number"])
        VALUES[key + "PsuId"], VALUES[key + "Name"] = customer["psuId"], customer["name"]


# ${SETUP_COMMENT}
${own.customers
  .map(
    (customer) =>
      `new_customer(${str(customer.key)}, ${str(identityList(customer.kind))})
${own.accounts
  .filter((account) => account.owner === customer.key)
  .map(
    (account) => `open_account(${str(account.key)}, ${str(account.body)})
`,
  )
  .join("")}`,
  )
  .join("")}read_customers(${own.customers.map((customer) => str(customer.key)).join(", ")})
`;
}

function prelude(title: string, bases: string): string {
  return `#!/usr/bin/env python3
"""${title}.

Signed at run time as the PSD2 interface requires (spec section 5): a fresh X-Request-ID and
Date, the Digest of the body, and the Signature over them made with your key.
Needs Python 3.9+ with requests and cryptography 36 or newer
(pip install requests cryptography, or apt-get install python3-requests python3-cryptography).
"""
import base64
import hashlib
import os
import re
import sys
import uuid
from datetime import date, datetime
from email.utils import formatdate
from zoneinfo import ZoneInfo

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


# What the {{name}}s in the requests stand for, filled when the script runs (below).
VALUES = {}


def fill(text):
    """The text with each {{name}} replaced by its value."""
    return re.sub(r"\\{\\{(\\w+)\\}\\}", lambda match: VALUES.get(match.group(1), match.group(0)), text)


def send(method, url, headers, body=""):
    """Sends one signed request (its {{name}}s filled), prints its status and body, and returns the response."""
    url = fill(url)
    headers = {name: fill(value) for name, value in headers.items()}
    headers = {**headers, "X-Request-ID": str(uuid.uuid4()), "Date": formatdate(usegmt=True)}
    data = fill(body).encode()
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
  return `${prelude(model.title, `BASE_URL = os.environ.get("SANDBOX_URL") or ${str(model.base)}  # ${ADDRESS_NOTE}`)}${values(model.own ?? NO_OWN_DATA, "BASE_URL")}${body}
send(
    ${str(model.method)},
    BASE_URL + ${str(model.path)},
    ${dict(model.headers, "    ")},${model.body === undefined ? "" : "\n    BODY,"}
)
`;
}

function journey(model: CodeJourney): string {
  const create = model.create;
  const bases = [
    `# ${ADDRESS_NOTE}`,
    `API_BASE = os.environ.get("SANDBOX_URL") or ${str(create.base)}`,
    `SANDBOX_BASE = os.environ.get("SANDBOX_URL") or ${str(model.sandboxBase)}  # where the sandbox-only /__sandbox/ routes answer`,
  ].join("\n");
  return `${prelude(model.title, bases)}${values(create.own ?? NO_OWN_DATA, "SANDBOX_BASE")}

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
  needs: "Python 3.9+ with requests and cryptography 36+",
  run: (fileName) => `python3 ${fileName}`,
  fileName: (name) => `${name.replace(/-/g, "_")}.py`,
  request,
  journey,
};
