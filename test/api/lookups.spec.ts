import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CitiesService } from '../../src/cities/cities.service.js';
import { bearer, loginAs, type AdminSession } from '../support/admin-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let session: AdminSession;

beforeAll(async () => {
  sut = await startTestApp();
  session = await loginAs(sut, 'gestor');
});

afterAll(async () => {
  await sut?.close();
});

describe('GET /api/admin/cities', () => {
  it('finds a municipality by name regardless of accents and case', async () => {
    const res = await request(sut.server).get('/api/admin/cities').set(bearer(session)).query({ busca: 'SAO JOSE DOS PINHAIS' }).expect(200);
    expect(res.body.data).toEqual([{ city_id: 4125506, name: 'São José dos Pinhais', code: 'PR' }]);
  });

  it('lists names that start with the search before names that contain it', async () => {
    const res = await request(sut.server).get('/api/admin/cities').set(bearer(session)).query({ busca: 'londrina' }).expect(200);
    expect(res.body.data.map((city: { name: string }) => city.name)).toEqual(['Londrina', 'Nova Londrina']);
  });

  it('finds the municipalities of a UF', async () => {
    const res = await request(sut.server).get('/api/admin/cities').set(bearer(session)).query({ busca: 'ac' }).expect(200);
    const ufs = new Set(res.body.data.map((city: { code: string }) => city.code));
    expect(ufs.has('AC')).toBe(true);
    expect(res.body.data.some((city: { name: string }) => city.name === 'Rio Branco')).toBe(true);
  });

  it('narrows a name to a UF with "nome - UF"', async () => {
    const res = await request(sut.server).get('/api/admin/cities').set(bearer(session)).query({ busca: 'Bom Jesus - RS' }).expect(200);
    expect(res.body.data).toEqual([{ city_id: 4302303, name: 'Bom Jesus', code: 'RS' }]);
  });

  it('answers at most 100 municipalities', async () => {
    const all = await request(sut.server).get('/api/admin/cities').set(bearer(session)).expect(200);
    expect(all.body.data).toHaveLength(100);
    const many = await request(sut.server).get('/api/admin/cities').set(bearer(session)).query({ busca: 'a' }).expect(200);
    expect(many.body.data).toHaveLength(100);
  });

  it('treats LIKE wildcards in the search literally', async () => {
    const res = await request(sut.server).get('/api/admin/cities').set(bearer(session)).query({ busca: '%' }).expect(200);
    expect(res.body.data).toEqual([]);
  });

  it('refuses a search over 100 characters with a Portuguese message', async () => {
    const res = await request(sut.server)
      .get('/api/admin/cities')
      .set(bearer(session))
      .query({ busca: 'a'.repeat(101) })
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'A busca deve ter no máximo 100 caracteres.',
      errors: { busca: 'A busca deve ter no máximo 100 caracteres.' },
    });
  });

  it('refuses unknown query parameters', async () => {
    const res = await request(sut.server).get('/api/admin/cities').set(bearer(session)).query({ busca: 'x', ordem: 'nome' }).expect(400);
    expect(res.body.errors).toEqual({ ordem: 'Campo não permitido.' });
  });
});

describe('municipalities by name, as a spreadsheet names them (import)', () => {
  it('finds one by name without accents or case, narrowed to a UF, and all of a name found in several UFs', async () => {
    const cities = sut.app.get(CitiesService);
    expect((await cities.named('SAO PAULO', 'sp')).map((city) => city.cityId)).toEqual([3550308]);
    expect((await cities.named('londrina')).map((city) => city.code)).toEqual(['PR']);
    const bomJesus = await cities.named('Bom Jesus');
    expect(bomJesus.length).toBeGreaterThan(1);
    expect(new Set(bomJesus.map((city) => city.code)).size).toBe(bomJesus.length);
    expect(await cities.named('Cidade Que Não Existe', 'PR')).toEqual([]);
  });
});

describe('GET /api/admin/cargos and /api/admin/ocupacoes', () => {
  it('lists the cargos in alphabetical order as {data: [{cargo_id, name}]}', async () => {
    const res = await request(sut.server).get('/api/admin/cargos').set(bearer(session)).expect(200);
    expect(res.body.data.length).toBeGreaterThan(5);
    expect(res.body.data[0]).toEqual({ cargo_id: expect.any(Number), name: expect.any(String) });
    const names = res.body.data.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(names).toContain('Proprietário');
  });

  it('lists the ocupações as {data: [{ocupacao_id, name}]}', async () => {
    const res = await request(sut.server).get('/api/admin/ocupacoes').set(bearer(session)).expect(200);
    expect(res.body.data[0]).toEqual({ ocupacao_id: expect.any(Number), name: expect.any(String) });
    expect(res.body.data.map((row: { name: string }) => row.name)).toContain('Produtor Rural');
  });
});

describe('lookups are for admins only', () => {
  it('answers 401 NO_AUTH without a session', async () => {
    for (const path of ['/api/admin/cities', '/api/admin/cargos', '/api/admin/ocupacoes']) {
      const res = await request(sut.server).get(path).set('X-Forwarded-For', session.ip).expect(401);
      expect(res.body).toEqual({ statusCode: 401, code: 'NO_AUTH', message: 'Faça login para continuar.' });
    }
  });
});

describe('GET /api/health', () => {
  it('reports the database as up', async () => {
    const res = await request(sut.server).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: { type: sut.config.db.type, status: 'up' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('API errors', () => {
  it('answers an unknown API path with a JSON 404 in Portuguese', async () => {
    const res = await request(sut.server).get('/api/nao-existe').expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Recurso não encontrado.' });
  });

  it('answers malformed JSON with 400 and a Portuguese message, without parser details', async () => {
    const res = await request(sut.server).post('/api/admin/login').set('Content-Type', 'application/json').send('{"username": ').expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'INVALID_JSON', message: 'O corpo da requisição não é um JSON válido.' });
  });

  it('tags every response with a request id', async () => {
    const res = await request(sut.server).get('/api/health').set('X-Request-Id', 'abc12345-teste');
    expect(res.headers['x-request-id']).toBe('abc12345-teste');
    const generated = await request(sut.server).get('/api/health').set('X-Request-Id', '<bad id>');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
