import { CreateLookupTables1763800000000 } from './1763800000000-CreateLookupTables.js';
import { CreateAdminAccess1763900000000 } from './1763900000000-CreateAdminAccess.js';
import { CreateContacts1764000000000 } from './1764000000000-CreateContacts.js';
import { CreateEnterprises1764100000000 } from './1764100000000-CreateEnterprises.js';
import { CreateAppUsers1764200000000 } from './1764200000000-CreateAppUsers.js';
import { CreateAccountTokens1764300000000 } from './1764300000000-CreateAccountTokens.js';
import { CreateAuditLog1764400000000 } from './1764400000000-CreateAuditLog.js';
import { KeptCounts1764500000000 } from './1764500000000-KeptCounts.js';
import { LastingRevocation1764600000000 } from './1764600000000-LastingRevocation.js';
import { SearchOwnedByDatabase1764700000000 } from './1764700000000-SearchOwnedByDatabase.js';
import { SearchWalkIndex1764800000000 } from './1764800000000-SearchWalkIndex.js';
import { AuditTargetIndex1764900000000 } from './1764900000000-AuditTargetIndex.js';
import { ContactsSearch1765000000000 } from './1765000000000-ContactsSearch.js';
import { ListSorts1765100000000 } from './1765100000000-ListSorts.js';
import { TeamAccounts1765200000000 } from './1765200000000-TeamAccounts.js';
import { RecordHistory1765300000000 } from './1765300000000-RecordHistory.js';
import { AdminNotifications1765400000000 } from './1765400000000-AdminNotifications.js';
import { Imports1765500000000 } from './1765500000000-Imports.js';
import { SessionActivity1765600000000 } from './1765600000000-SessionActivity.js';
import { SessionEndedBy1765960000000 } from './1765960000000-SessionEndedBy.js';
import { AccountEvents1765700000000 } from './1765700000000-AccountEvents.js';
import { ImportBounds1765800000000 } from './1765800000000-ImportBounds.js';
import { EnterpriseLogoOptional1765900000000 } from './1765900000000-EnterpriseLogoOptional.js';

/** Migrations in the order they run; a new one is added at the end. */
export const MIGRATIONS = [
  CreateLookupTables1763800000000,
  CreateAdminAccess1763900000000,
  CreateContacts1764000000000,
  CreateEnterprises1764100000000,
  CreateAppUsers1764200000000,
  CreateAccountTokens1764300000000,
  CreateAuditLog1764400000000,
  KeptCounts1764500000000,
  LastingRevocation1764600000000,
  SearchOwnedByDatabase1764700000000,
  SearchWalkIndex1764800000000,
  AuditTargetIndex1764900000000,
  ContactsSearch1765000000000,
  ListSorts1765100000000,
  TeamAccounts1765200000000,
  RecordHistory1765300000000,
  AdminNotifications1765400000000,
  Imports1765500000000,
  SessionActivity1765600000000,
  AccountEvents1765700000000,
  ImportBounds1765800000000,
  EnterpriseLogoOptional1765900000000,
  SessionEndedBy1765960000000,
];
