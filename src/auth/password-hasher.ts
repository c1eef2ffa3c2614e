import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with OWASP's minimum cost (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  /** False for a wrong password or a hash it cannot read. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the time of a real check, so an unknown username is not told apart by how fast it fails. */
  async verifyNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('agromaq-timing-equaliser');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
