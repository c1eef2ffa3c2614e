import { afterEach, describe, expect, it } from 'vitest';
import { onStepUpRequest, requestStepUp, stepUpPrompt, type StepUpRequest } from '../../resources/js/lib/session-guard';

afterEach(() => onStepUpRequest(null));

describe('the confirmation asked by sensitive actions', () => {
  it('names the waiting action and the STEP_UP_MINUTES window, in the words the server answered', () => {
    expect(stepUpPrompt(['exportar os contatos'], 10)).toBe(
      'Para exportar os contatos, digite o código 2FA do aplicativo autenticador. A ação é feita em seguida, e não pediremos o código de novo por 10 minutos.',
    );
    expect(stepUpPrompt(['exportar os contatos', 'exportar as empresas', 'remover um IP autorizado'], 1)).toBe(
      'Para exportar os contatos, exportar as empresas e remover um IP autorizado, digite o código 2FA do aplicativo autenticador. As ações são feitas em seguida, e não pediremos o código de novo por 1 minuto.',
    );
    // An answer without words (an older server) still says what the code is for.
    expect(stepUpPrompt([], 7)).toBe(
      'Esta ação pede o código 2FA do aplicativo autenticador. Ela é feita em seguida, e não pediremos o código de novo por 7 minutos.',
    );
  });

  it('several actions at once share one dialog, which names each once; one code lets them all go on, and the next request starts afresh', async () => {
    const shown: StepUpRequest[] = [];
    onStepUpRequest((request) => shown.push(request));
    const first = requestStepUp('exportar os contatos');
    const second = requestStepUp('ativar ou desativar empresas em lote');
    const again = requestStepUp('exportar os contatos');
    expect(shown.map((request) => request.actions)).toEqual([
      ['exportar os contatos'],
      ['exportar os contatos', 'ativar ou desativar empresas em lote'],
      ['exportar os contatos', 'ativar ou desativar empresas em lote'],
    ]);
    // One dialog: every request ends it the same way.
    expect(new Set(shown.map((request) => request.done)).size).toBe(1);
    shown.at(-1)!.done(true);
    expect(await Promise.all([first, second, again])).toEqual([true, true, true]);

    const later = requestStepUp('remover um IP autorizado');
    expect(shown.at(-1)!.actions).toEqual(['remover um IP autorizado']);
    shown.at(-1)!.done(false);
    expect(await later).toBe(false);
  });

  it('without the dialog on the page, a request is refused at once', async () => {
    expect(await requestStepUp('exportar os contatos')).toBe(false);
  });
});
