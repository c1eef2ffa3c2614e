import { JwtService } from '@nestjs/jwt';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { AuthorizedIp } from '../ips/authorized-ip.entity.js';
import { MmdbGeolocator } from '../ips/geolocation.js';
import { IpsRepository } from '../ips/ips.repository.js';
import { IpsService } from '../ips/ips.service.js';
import { AdminSession } from '../auth/admin-session.entity.js';
import { Admin } from '../auth/admin.entity.js';
import { AuthRepository } from '../auth/auth.repository.js';
import { AuthService, JWT_ALGORITHM } from '../auth/auth.service.js';
import { AuthorizationCache } from '../auth/authorization-cache.js';
import { LoginAttempts } from '../auth/login-limits.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { TeamRepository } from '../team/team.repository.js';
import { TeamService } from '../team/team.service.js';
import { HistoryRepository } from '../history/history.repository.js';
import { HistoryService } from '../history/history.service.js';

/** The access services outside Nest, for the CLI and the seeds, wired exactly as the app wires them. */
export function standaloneAccessServices(dataSource: DataSource, config: AppConfig): { auth: AuthService; ips: IpsService; team: TeamService } {
  const authorizedIps = dataSource.getRepository(AuthorizedIp);
  const ips = new IpsService(authorizedIps, new IpsRepository(authorizedIps), MmdbGeolocator.fromPackage(config.geoipDbPath), config);
  const hasher = new PasswordHasher();
  const sessions = dataSource.getRepository(AdminSession);
  const auth = new AuthService(
    dataSource.getRepository(Admin),
    sessions,
    new AuthRepository(sessions),
    ips,
    hasher,
    new JwtService({ secret: config.jwtSecret, signOptions: { algorithm: JWT_ALGORITHM } }),
    new LoginAttempts(new ThrottlerStorageService()),
    config,
    // Nothing is authorized here: the cache is never asked, and it watches no writes (onModuleInit is not run).
    new AuthorizationCache(dataSource, config),
  );
  // No mail and no audit trail here: the CLI sets the first master's password itself.
  return {
    auth,
    ips,
    team: new TeamService(dataSource, config, hasher, new HistoryService(dataSource, new HistoryRepository(dataSource)), new TeamRepository(dataSource)),
  };
}
