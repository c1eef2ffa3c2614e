// Admin access from the command line, on whatever database the environment configures:
//   create --username U --role master|gestor --ip 203.0.113.7 [--name "Nome"]
//     creates the admin (password from ADMIN_PASSWORD, else asked without echo) and authorizes the IP for
//     that role (reusing the IP's entry when it is already authorized for it), then prints the IP's 2FA QR
//     code and otpauth URL. The database is migrated first.
//   otp [--ip 127.0.0.1]   (not in production) prints the current 2FA code of an authorized IP.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { DatabaseStartupError, openDatabase } from '../database/database.js';
import { seedReferenceData } from '../database/seeds/reference-data.js';
import { normalizeIp } from '../common/http/ip-address.js';
import { isAdminRole } from '../auth/admin-role.js';
import { standaloneAccessServices } from './standalone-services.js';
import { totpQrTerminal } from '../common/crypto/totp.js';
import { USERNAME_PATTERN } from '../team/dto/team.input.js';
import { passwordProblem } from '../team/password-policy.js';

class UsageError extends Error {}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { username: { type: 'string' }, role: { type: 'string' }, ip: { type: 'string' }, name: { type: 'string' } },
  });
  const command = positionals[0];
  const config = loadConfig();
  const dataSource = await openDatabase(config.db);
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    await seedReferenceData(dataSource);
    const { ips, team } = standaloneAccessServices(dataSource, config);

    if (command === 'create') {
      const username = values.username?.trim().toLowerCase();
      const role = values.role;
      const ip = values.ip ? normalizeIp(values.ip) : null;
      if (!username || !USERNAME_PATTERN.test(username.slice(0, 61))) throw new UsageError('--username: 3 to 60 letters, digits, dots, dashes or underscores');
      if (!isAdminRole(role)) throw new UsageError('--role: master or gestor');
      if (!ip) throw new UsageError('--ip: an IPv4 or IPv6 address');
      if (await team.findByUsername(username)) throw new UsageError(`An admin named "${username}" already exists (names are compared without case or accents)`);
      const existingIp = await ips.findByIp(ip);
      if (existingIp && existingIp.role !== role) throw new UsageError(`${ip} is already authorized for the ${existingIp.role} role`);

      const password = process.env.ADMIN_PASSWORD ?? (await askHidden('Password: '));
      // The rule of the invitation page: at least 12 characters, not the username, not a common password.
      const problem = passwordProblem(password, username);
      if (problem) throw new UsageError(`Password refused: ${problem}`);
      await team.create({ username, password, role, nome: values.name?.trim() || username }, null);

      const setup = existingIp
        ? await ips.twoFactorSetup(existingIp)
        : (await ips.create({ ip, targetRole: role, descricao: `Criado pela linha de comando (${username})` }, null)).twofa;
      console.log(`\nAdmin "${username}" (${role}) created; ${ip} ${existingIp ? 'was already' : 'is now'} authorized for ${role}.`);
      console.log('Scan this code with an authenticator app (2FA for logins from that IP):\n');
      console.log(await totpQrTerminal(setup.otpauth_url));
      console.log(setup.otpauth_url);
      return;
    }
    if (command === 'otp') {
      if (config.env === 'production') throw new UsageError('otp is a development tool and does not run in production');
      const address = normalizeIp(values.ip ?? '127.0.0.1');
      const authorized = address ? await ips.findByIp(address) : null;
      if (!authorized) throw new UsageError(`${values.ip ?? '127.0.0.1'} is not an authorized IP`);
      console.log(await ips.currentCode(authorized));
      return;
    }
    throw new UsageError('Usage: cli.js create --username U --role master|gestor --ip IP [--name N] | otp [--ip IP]');
  } finally {
    await dataSource.destroy();
  }
}

/** Reads a line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) throw new UsageError('Set ADMIN_PASSWORD, or run in a terminal to be asked for the password');
  process.stdout.write(prompt);
  return new Promise((resolve) => {
    let value = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const onData = (char: string) => {
      if (char === '\r' || char === '\n' || char === '\u0004') {
        stdin.setRawMode(false);
        stdin.pause();
        stdin.off('data', onData);
        process.stdout.write('\n');
        resolve(value);
      } else if (char === '\u0003') {
        process.exit(130);
      } else if (char === '\u007f') {
        value = value.slice(0, -1);
      } else {
        value += char;
      }
    };
    stdin.on('data', onData);
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.problems.join('; ')}`);
  else if (error instanceof DatabaseStartupError || error instanceof UsageError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
