import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const CONTACT_STATUSES = ['pendente', 'respondido'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const RESPONSE_CHANNELS = ['whatsapp', 'email'] as const;
export type ResponseChannel = (typeof RESPONSE_CHANNELS)[number];

/** A message sent through the site's contact form, and how the team answered it. */
@Entity('contacts')
@Index('idx_contacts_status_created', ['status', 'createdAt'])
@Index('idx_contacts_created', ['createdAt', 'id'])
export class Contact {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 120 })
  nome: string;

  @Column({ type: 'varchar', length: 160 })
  email: string;

  /** Digits only: area code and number. */
  @Column({ type: 'varchar', length: 11 })
  telefone: string;

  @Column({ type: 'text' })
  mensagem: string;

  @Column({ type: 'varchar', length: 40, default: 'site' })
  origem: string;

  @Column({ type: 'varchar', length: 10, default: 'pendente' })
  status: ContactStatus;

  @Column({ name: 'response_channel', type: 'varchar', length: 10, nullable: true })
  responseChannel: ResponseChannel | null;

  @Column({ name: 'responded_at', type: 'datetime', nullable: true })
  respondedAt: Date | null;

  @Column({ name: 'responded_by', type: 'integer', nullable: true })
  respondedBy: number | null;

  @Column({ name: 'sender_ip', type: 'varchar', length: 45, nullable: true })
  senderIp: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 255, nullable: true })
  userAgent: string | null;

  /** The sender's words and phone endings the search matches; computed by the database (migration ContactsSearch), never written here. */
  @Column({ name: 'search_text', type: 'varchar', length: 400, default: '', insert: false, update: false, select: false })
  searchText: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;

  /** Raised by the database on every change of the record's data (RecordHistory migration); never written by the app. */
  @Column({ type: 'integer', default: 1, insert: false, update: false })
  version: number;
}
