import request from 'supertest';
import { bearer, type AdminSession } from './admin-session.js';
import type { TestApp } from './test-app.js';

/** Uploads a spreadsheet as the import dialog does: multipart, the kind in `tipo` and the file in `arquivo`. */
export function uploadTable(sut: TestApp, who: AdminSession, kind: 'empresas' | 'usuarios', content: Buffer, name = `${kind}.csv`) {
  return request(sut.server).post('/api/admin/importacoes').set(bearer(who)).field('tipo', kind).attach('arquivo', content, name);
}

/** An import's state once it has ended (finished, cancelled or failed), asked for as the dialog asks. */
export async function importEnded(sut: TestApp, id: number, who: AdminSession): Promise<Record<string, unknown> & { status: string }> {
  for (let wait = 0; wait < 400; wait++) {
    const state = await request(sut.server).get(`/api/admin/importacoes/${id}`).set(bearer(who));
    if (['concluida', 'cancelada', 'falhou'].includes(state.body.status)) return state.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not end');
}
