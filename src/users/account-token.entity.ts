import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What every link sent to an app user keeps: whose it is, its token (hashed) and until when it works. */
abstract class AccountToken {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}

/** A password-reset link sent to an app user. */
@Entity('password_resets')
export class PasswordReset extends AccountToken {
  /** 'admin' (from the back office) or 'public' (esqueci minha senha). */
  @Column({ name: 'requested_by', type: 'varchar', length: 10 })
  requestedBy: 'admin' | 'public';

  @Column({ name: 'used_at', type: 'datetime', nullable: true })
  usedAt: Date | null;
}

/** A request to delete an app account, confirmed through a link sent by e-mail. */
@Entity('account_deletion_requests')
export class AccountDeletionRequest extends AccountToken {
  @Column({ name: 'requester_ip', type: 'varchar', length: 45, nullable: true })
  requesterIp: string | null;

  @Column({ name: 'confirmed_at', type: 'datetime', nullable: true })
  confirmedAt: Date | null;
}
