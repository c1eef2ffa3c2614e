import { AuditEntry } from '../audit/audit-entry.entity.js';
import { AdminSession } from '../auth/admin-session.entity.js';
import { Admin } from '../auth/admin.entity.js';
import { City } from '../cities/city.entity.js';
import { Contact } from '../contacts/contact.entity.js';
import { EnterpriseBilling } from '../enterprises/enterprise-billing.entity.js';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import { AuthorizedIp } from '../ips/authorized-ip.entity.js';
import { Logo } from '../logos/logo.entity.js';
import { AccountDeletionRequest, PasswordReset } from '../users/account-token.entity.js';
import { AppUser } from '../users/app-user.entity.js';
import { Cargo } from '../users/cargo.entity.js';
import { Ocupacao } from '../users/ocupacao.entity.js';
import { AdminLink } from '../team/admin-link.entity.js';
import { AccountEvent } from '../team/account-event.entity.js';
import { RecordHistoryEntry } from '../history/record-history.entity.js';
import { AdminNotification } from '../live/admin-notification.entity.js';
import { Import } from '../imports/import.entity.js';
import { ImportFailure } from '../imports/import-failure.entity.js';

/** Every entity of the app, listed once for the app, the TypeORM CLI and the tests. */
export const ENTITIES = [
  City,
  Cargo,
  Ocupacao,
  Admin,
  AdminSession,
  AdminLink,
  AuthorizedIp,
  Contact,
  Logo,
  Enterprise,
  EnterpriseBilling,
  AppUser,
  PasswordReset,
  AccountDeletionRequest,
  AuditEntry,
  RecordHistoryEntry,
  AdminNotification,
  Import,
  ImportFailure,
  AccountEvent,
];
