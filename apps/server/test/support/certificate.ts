import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A self-signed certificate for `hosts` (localhost and 127.0.0.1 unless told), made now with openssl into `dir`
 * (key.pem, cert.pem): the TLS in front of a production build in the tests (the e2e production journey's proxy,
 * the topology's nginx) and of the local push service. Clients are told to trust `cert` or to accept it.
 */
export function selfSignedCertificate(dir: string, hosts: readonly string[] = ['localhost', '127.0.0.1']) {
  const names = hosts.map((host) => (/^[\d.]+$/.test(host) ? `IP:${host}` : `DNS:${host}`)).join(',');
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${hosts[0]}`,
      '-addext',
      `subjectAltName=${names}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { keyFile, certFile, key: readFileSync(keyFile), cert: readFileSync(certFile) };
}
