import {
  Catch,
  Controller,
  Injectable,
  Module,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
  type CallHandler,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
} from '@nestjs/common';
import { defineRpc, type RpcRequest } from '@pawline/contracts';
import { lastValueFrom, map, throwError, type Observable } from 'rxjs';
import { z } from 'zod';
import { RpcError, RpcHandler, type RpcCallContext, type ServiceDefinition } from '../../src';
import { createTestEnv, type TestEnv } from '../../src/testing';

const ADMIN = '5b0a3c1e-8f2d-4c6b-9a7e-1d2f3a4b5c6d';

const adminOnlyRpc = defineRpc('rpc.pipeline.admin.read', z.object({}), z.object({ secret: z.string() }));
const echoRpc = defineRpc('rpc.pipeline.echo', z.object({ text: z.string().min(2) }), z.object({ text: z.string(), by: z.string() }));
const quotaRpc = defineRpc('rpc.pipeline.quota', z.object({}), z.object({}));

class QuotaExceeded extends Error {}

/** Lets one user through. */
@Injectable()
class RankFourGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return context.switchToRpc().getContext<RpcCallContext>().auth?.userId === ADMIN;
  }
}

/** Runs before the contract's schema: trims the text, so "  hi " passes min(2) as "hi". */
class TrimTextPipe implements PipeTransform {
  transform(value: unknown): unknown {
    if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string')
      return { ...value, text: value.text.trim() };
    return value;
  }
}

/** Upper-cases the handler's text on the way out. */
class ShoutInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler<{ text: string; by: string }>): Observable<{ text: string; by: string }> {
    return next.handle().pipe(map((answer) => ({ ...answer, text: answer.text.toUpperCase() })));
  }
}

@Catch(QuotaExceeded)
class QuotaFilter implements ExceptionFilter {
  catch(): Observable<never> {
    return throwError(() => new RpcError('conflict', { params: { reason: 'quota' } }));
  }
}

@Controller()
class PipelineHandlers {
  @RpcHandler(adminOnlyRpc)
  @UseGuards(RankFourGuard)
  read(): { secret: string } {
    return { secret: 'only for the admin' };
  }

  @RpcHandler(echoRpc)
  @UsePipes(TrimTextPipe)
  @UseInterceptors(ShoutInterceptor)
  echo(input: RpcRequest<typeof echoRpc>, ctx: RpcCallContext): { text: string; by: string } {
    return { text: input.text, by: ctx.lang };
  }

  @RpcHandler(quotaRpc)
  @UseFilters(QuotaFilter)
  quota(): never {
    throw new QuotaExceeded('too many');
  }
}

@Module({ controllers: [PipelineHandlers] })
class PipelineModule {}

const pipelineService: ServiceDefinition = { name: 'pipeline', module: PipelineModule, database: false };

@Controller()
class TwiceHandlers {
  @RpcHandler(echoRpc)
  one(): null {
    return null;
  }

  @RpcHandler(echoRpc)
  two(): null {
    return null;
  }
}

@Module({ controllers: [TwiceHandlers] })
class TwiceModule {}

describe("Nest's pipeline around the kit's RPC handlers (real NATS)", () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv();
    await env.start(pipelineService);
  }, 60_000);

  afterAll(async () => {
    await env?.dispose();
  }, 60_000);

  it('a guard refusing answers forbidden (403); it lets the right caller through', async () => {
    const client = env.rpcClient();
    await expect(client.call(adminOnlyRpc, {}, { auth: null, lang: 'en' })).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    const admin = { userId: ADMIN, sessionId: '0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', deviceId: null };
    await expect(client.call(adminOnlyRpc, {}, { auth: admin, lang: 'en' })).resolves.toEqual({ secret: 'only for the admin' });
  });

  it('a method pipe runs before the contract schema, an interceptor maps the answer, ctx carries lang', async () => {
    const answer = await env.rpcClient().call(echoRpc, { text: '  hi ' }, { auth: null, lang: 'de' });
    expect(answer).toEqual({ text: 'HI', by: 'de' });
  });

  it('the contract schema still answers validation_failed with fields, after the pipes', async () => {
    await expect(env.rpcClient().call(echoRpc, { text: ' x ' }, { auth: null, lang: 'en' })).rejects.toMatchObject({
      code: 'validation_failed',
      status: 400,
      fields: { text: expect.any(String) },
    });
  });

  it("a service's exception filter maps its own error to an RpcError the caller sees", async () => {
    await expect(env.rpcClient().call(quotaRpc, {}, { auth: null, lang: 'en' })).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
      params: { reason: 'quota' },
    });
  });

  it("Nest's send() on the kit client reaches the same handler", async () => {
    const answer = await lastValueFrom(env.rpcClient().send(echoRpc.subject, { auth: null, lang: 'it', data: { text: 'ciao' } }));
    expect(answer).toEqual({ text: 'CIAO', by: 'it' });
  });

  it('two handlers of one subject stop the service from loading', async () => {
    await expect(env.start({ name: 'twice', module: TwiceModule, database: false })).rejects.toThrow(
      /Two RPC handlers for rpc.pipeline.echo/,
    );
  });
});
