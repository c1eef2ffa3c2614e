import { IpAccess, type TotpOutcome } from '../auth/ip-access.js';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AdminRole } from '../auth/admin-role.js';
import type { AuthorizedIpRow, AuthorizedIpView, TwoFactorSetup } from '../shared/ip.views.js';
import { currentTotp, newTotpSecret, totpQrDataUrl, totpUri, verifyTotp } from '../common/crypto/totp.js';
import { ValidationFailedException } from '../common/http/app.exception.js';
import { SecretBox } from '../common/crypto/secret-box.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { AuthorizedIp } from './authorized-ip.entity.js';
import { describeLocation, IpGeolocator } from './geolocation.js';
import { isClientAddress, isPrivateIp, normalizeIp } from '../common/http/ip-address.js';
import { ipsError } from './ips.errors.js';
import { IpsRepository } from './ips.repository.js';

/** An IP counts as online while an admin request came from it in the last 5 minutes. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;
/** last_seen_at is written at most this often per IP, not on every request. */
const SEEN_WRITE_INTERVAL_MS = 60 * 1000;

/** What a login code turned out to be. */

@Injectable()
export class IpsService implements IpAccess {
  private readonly secrets: SecretBox;
  private readonly lastSeenWrites = new Map<number, number>();

  constructor(
    @InjectRepository(AuthorizedIp) private readonly ips: Repository<AuthorizedIp>,
    private readonly repository: IpsRepository,
    private readonly geolocator: IpGeolocator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.secrets = new SecretBox(config.appKey);
  }

  findByIp(ip: string): Promise<AuthorizedIp | null> {
    const normalized = normalizeIp(ip);
    return normalized ? this.ips.findOneBy({ ip: normalized }) : Promise.resolve(null);
  }

  findById(id: number): Promise<AuthorizedIp | null> {
    return this.ips.findOneBy({ id });
  }

  /** The current code of an IP's authenticator (development tooling; the secret never leaves the server). */
  async currentCode(ip: AuthorizedIp): Promise<string> {
    return currentTotp(this.secrets.open(ip.totpSecret));
  }

  /** Every authorized address; `inUse`, the one the caller's session is using (em_uso: removing it ends that session). */
  async list(inUse: number | null = null): Promise<AuthorizedIpRow[]> {
    const rows = await this.ips.find({ order: { role: 'DESC', createdAt: 'ASC', id: 'ASC' } });
    return rows.map((row) => ({ ...this.view(row), em_uso: row.id === inUse }));
  }

  /** Authorizes an address for a role and gives it its own TOTP secret, returned once to be scanned. */
  async create(
    input: { ip: string; descricao?: string | null; targetRole: AdminRole },
    createdBy: number | null,
    secret = newTotpSecret(),
  ): Promise<{ ip: AuthorizedIpView; twofa: TwoFactorSetup }> {
    const ip = normalizeIp(input.ip);
    if (!ip) throw new ValidationFailedException({ ip: 'Informe um endereço IPv4 ou IPv6 válido.' });
    if (!isClientAddress(ip))
      throw new ValidationFailedException({
        ip: 'Este endereço não identifica um computador (não especificado, multicast ou broadcast). Informe o IP de onde o administrador vai acessar.',
      });
    if (await this.ips.existsBy({ ip })) throw ipsError('IP_ALREADY_AUTHORIZED');

    const saved = await this.ips.save(
      this.ips.create({ ip, role: input.targetRole, descricao: input.descricao?.trim() || null, totpSecret: this.secrets.seal(secret), createdBy }),
    );
    return { ip: this.view(saved), twofa: await this.twoFactorSetup(saved, secret) };
  }

  async twoFactorSetup(ip: AuthorizedIp, secret = this.secrets.open(ip.totpSecret)): Promise<TwoFactorSetup> {
    const uri = totpUri(this.config.appName, `${ip.role === 'master' ? 'Master' : 'Gestor'} ${ip.ip}`, secret);
    return { qr_data_url: await totpQrDataUrl(uri), secret, otpauth_url: uri };
  }

  /** Removes an address; the sessions that came from it end at their next request (IP_REVOKED). */
  async remove(id: number): Promise<void> {
    const ip = await this.ips.findOneBy({ id });
    if (!ip) throw ipsError('IP_NOT_FOUND');
    if (ip.role === 'master' && (await this.ips.countBy({ role: 'master' })) <= 1) {
      throw ipsError('LAST_MASTER_IP');
    }
    await this.ips.delete({ id });
    this.lastSeenWrites.delete(id);
  }

  /** Looks the address up in the offline database; private and loopback addresses are skipped. */
  async refreshLocation(id: number): Promise<{ ok: true; skipped: boolean; ip: AuthorizedIpView }> {
    const ip = await this.ips.findOneBy({ id });
    if (!ip) throw ipsError('IP_NOT_FOUND');
    if (isPrivateIp(ip.ip)) return { ok: true, skipped: true, ip: this.view(ip) };
    if (!(await this.relocate(ip))) throw ipsError('LOCATION_NOT_FOUND');
    return { ok: true, skipped: false, ip: this.view(ip) };
  }

  /**
   * Looks every public address up again, in one call (the page's "Atualizar localizações"): how many were
   * located, how many the database does not know, and how many are private (skipped). The authorized addresses
   * are a short list, read whole.
   */
  async refreshAllLocations(): Promise<{ ok: true; atualizados: number; falharam: number; ignorados: number }> {
    const counts = { atualizados: 0, falharam: 0, ignorados: 0 };
    for (const ip of await this.ips.find({ order: { id: 'ASC' } })) {
      if (isPrivateIp(ip.ip)) counts.ignorados += 1;
      else if (await this.relocate(ip)) counts.atualizados += 1;
      else counts.falharam += 1;
    }
    return { ok: true, ...counts };
  }

  /** Writes an address's location from the offline database; false when the database does not know it. */
  private async relocate(ip: AuthorizedIp): Promise<boolean> {
    const location = await this.geolocator.locate(ip.ip);
    if (!location) return false;
    ip.city = location.city?.slice(0, 120) ?? null;
    ip.region = location.region?.slice(0, 120) ?? null;
    ip.country = location.country;
    ip.latitude = location.latitude === null ? null : location.latitude.toFixed(6);
    ip.longitude = location.longitude === null ? null : location.longitude.toFixed(6);
    ip.local = describeLocation(location)?.slice(0, 255) ?? null;
    ip.locatedAt = new Date();
    await this.ips.save(ip);
    return true;
  }

  /**
   * Checks a login code against the IP's secret and records its time step in the same statement that
   * checks it is newer than the last one used, so two requests cannot both spend one code. A right code
   * whose step is not after the last one spent is 'used' (a replay, or an older code than the last).
   */
  async consumeTotp(ip: AuthorizedIp, token: string): Promise<TotpOutcome> {
    const step = await verifyTotp(this.secrets.open(ip.totpSecret), token);
    if (step === null) return 'invalid';
    const lastStep = ip.totpLastStep === null ? null : Number(ip.totpLastStep);
    if (lastStep !== null && step <= lastStep) return 'used';
    return (await this.repository.spendTotpStep(ip.id, step)) ? 'accepted' : 'used';
  }

  /** Marks the IP as seen now (online), writing at most once a minute per IP. */
  async touch(ip: AuthorizedIp): Promise<void> {
    const now = Date.now();
    if (now - (this.lastSeenWrites.get(ip.id) ?? 0) < SEEN_WRITE_INTERVAL_MS) return;
    this.lastSeenWrites.set(ip.id, now);
    await this.ips.update({ id: ip.id }, { lastSeenAt: new Date(now) });
  }

  view(row: AuthorizedIp): AuthorizedIpView {
    const lastSeen = row.lastSeenAt ? new Date(row.lastSeenAt) : null;
    return {
      id: row.id,
      ip: row.ip,
      role: row.role,
      descricao: row.descricao,
      local: row.local,
      online: !!lastSeen && Date.now() - lastSeen.getTime() < ONLINE_WINDOW_MS,
      privado: isPrivateIp(row.ip),
      located_at: row.locatedAt ? new Date(row.locatedAt).toISOString() : null,
      last_seen_at: lastSeen ? lastSeen.toISOString() : null,
      created_at: new Date(row.createdAt).toISOString(),
    };
  }
}
