import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * A self-signed certificate for 127.0.0.1 made once per e2e run (in `dir`, with openssl): the
 * test identity provider serves https with it, and the app server trusts it through
 * NODE_EXTRA_CA_CERTS. The e2e server runs in production mode, where an identity provider must
 * be https (app/modules/auth/oidc-settings.server.ts).
 */
export function testTls(dir: string): { keyFile: string; certFile: string; key: string; cert: string } {
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  if (!fs.existsSync(certFile)) {
    fs.mkdirSync(dir, { recursive: true });
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        keyFile,
        "-out",
        certFile,
        "-days",
        "2",
        "-subj",
        "/CN=assessments e2e identity provider",
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
      ],
      { stdio: "pipe" },
    );
  }
  return { keyFile, certFile, key: fs.readFileSync(keyFile, "utf8"), cert: fs.readFileSync(certFile, "utf8") };
}
