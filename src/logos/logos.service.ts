import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { toSearchText } from '../common/search-text.js';
import { inspectLogoFile, LOGO_CONTENT_TYPES, LogoFileError, type LogoFormat } from './logo-file.js';
import { LogoStorage } from './logo-storage.js';
import { Logo, type LogoKind } from './logo.entity.js';
import { DEFAULT_LOGO_FILE } from './manufacturer-logos.js';
import { logosError } from './logos.errors.js';

/** Every logo is served under this path, shipped ones from public/ and uploads from the storage. */
export const LOGO_URL_PREFIX = '/images/fabricantes';

export interface LogoView {
  logo_id: number;
  filename: string;
  name: string;
  kind: LogoKind;
  url: string;
}

const FILE_EXTENSIONS: Record<LogoFormat, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp', svg: 'svg' };

export function logoUrl(fileName: string | null | undefined): string {
  return `${LOGO_URL_PREFIX}/${fileName || DEFAULT_LOGO_FILE}`;
}

@Injectable()
export class LogosService {
  private readonly logger = new Logger(LogosService.name);

  constructor(
    @InjectRepository(Logo) private readonly logos: Repository<Logo>,
    private readonly storage: LogoStorage,
  ) {}

  /** Manufacturer logos first, then uploads, each by name. */
  async list(): Promise<LogoView[]> {
    const rows = await this.logos.find({ order: { kind: 'ASC', nameSearch: 'ASC', logoId: 'ASC' } });
    return rows.map((row) => ({ logo_id: row.logoId, filename: row.fileName, name: row.name, kind: row.kind, url: logoUrl(row.fileName) }));
  }

  /** Which of these file names are known logos. */
  async existing(fileNames: string[]): Promise<Set<string>> {
    if (fileNames.length === 0) return new Set();
    const rows = await this.logos.find({ select: { fileName: true }, where: { fileName: In(fileNames) } });
    return new Set(rows.map((row) => row.fileName));
  }

  /**
   * Checks an uploaded file by its content, stores it under a generated name and records it, so that it
   * can be chosen like any other logo. Returns the stored logo.
   */
  async upload(file: { originalname: string; buffer: Buffer } | undefined, adminId: number | null): Promise<LogoView> {
    if (!file) throw logosError('FILE_REQUIRED');
    let checked: Awaited<ReturnType<typeof inspectLogoFile>>;
    try {
      checked = await inspectLogoFile(file.originalname, file.buffer);
    } catch (error) {
      if (error instanceof LogoFileError) throw logosError('INVALID_FILE', { message: error.message, status: error.status });
      throw error;
    }
    const fileName = `${randomUUID()}.${FILE_EXTENSIONS[checked.format]}`;
    const contentType = LOGO_CONTENT_TYPES[checked.format];
    try {
      await this.storage.save(fileName, checked.content, contentType);
    } catch (error) {
      // The store (a disk that is full, object storage that is down) refused it: nothing was recorded.
      this.logger.error(`Storing logo ${fileName} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw logosError('STORAGE_UNAVAILABLE');
    }
    try {
      const name = uploadName(file.originalname);
      const saved = await this.logos.save(
        this.logos.create({
          fileName,
          name,
          nameSearch: toSearchText(name).slice(0, 100),
          kind: 'upload',
          contentType,
          size: checked.content.length,
          createdBy: adminId,
        }),
      );
      return { logo_id: saved.logoId, filename: fileName, name, kind: 'upload', url: logoUrl(fileName) };
    } catch (error) {
      await this.storage.remove(fileName);
      throw error;
    }
  }
}

/** A readable name for an uploaded logo from its original file name: no folders, no extension, plain characters. */
export function uploadName(originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  const name = base
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return name || 'Logo enviada';
}
