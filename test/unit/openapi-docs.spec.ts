import type { INestApplication } from '@nestjs/common';
import { NotFoundException } from '@nestjs/common';
import { vi } from 'vitest';

const build = vi.hoisted(() => vi.fn());
vi.mock('../../src/openapi/openapi.document.js', () => ({ buildOpenApiDocument: build }));
const { OpenApiDocs } = await import('../../src/openapi/docs.controller.js');

describe('the OpenAPI document kept by OpenApiDocs', () => {
  it('is built once, on the first request, and kept; a build that failed is tried again on the next one', async () => {
    const docs = new OpenApiDocs();
    expect(() => docs.document()).toThrow(NotFoundException);
    docs.attach({} as INestApplication);
    expect(build).not.toHaveBeenCalled();
    build.mockRejectedValueOnce(new Error('falhou')).mockResolvedValueOnce({ openapi: '3.1.0' });
    await expect(docs.document()).rejects.toThrow('falhou');
    await expect(docs.document()).resolves.toEqual({ openapi: '3.1.0' });
    await expect(docs.document()).resolves.toEqual({ openapi: '3.1.0' });
    expect(build).toHaveBeenCalledTimes(2);
  });
});
