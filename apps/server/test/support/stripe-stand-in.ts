import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received, with its form-encoded body decoded. */
export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Flat form fields as Stripe's client sends them, e.g. `metadata[planId]`. */
  form: Record<string, string>;
}

export interface StripeStandIn {
  /** Pass as `stripeClientOptions` to the app. */
  clientOptions: { host: string; port: number; protocol: 'http' };
  requests: StandInRequest[];
  /** The next PaymentIntent creation answers this Stripe error instead. */
  failNextWith(status: number, error: { type: string; message: string }): void;
  /** Sets a created intent's status, as paying or cancelling it at Stripe would. */
  setIntentStatus(id: string, status: string): void;
  close(): Promise<void>;
}

/**
 * A tiny local stand-in for Stripe's API: POST /v1/payment_intents answers a PaymentIntent
 * built from the request, GET /v1/payment_intents/{id} answers it again, and every request is
 * recorded so tests can check what was asked.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  let nextFailure: { status: number; error: { type: string; message: string } } | undefined;
  let counter = 0;
  const intents = new Map<string, { id: string; status: string } & Record<string, unknown>>();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_standin_${counter}`,
    });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, form });

    const retrieved =
      request.method === 'GET' ? intents.get(url.pathname.slice('/v1/payment_intents/'.length)) : undefined;
    if (retrieved) {
      send(response, 200, retrieved);
      return;
    }
    if (request.method !== 'POST' || url.pathname !== '/v1/payment_intents') {
      send(response, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      return;
    }
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = undefined;
      send(response, failure.status, { error: failure.error });
      return;
    }
    counter += 1;
    const id = `pi_standin_${counter}`;
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
    const intent = {
      id,
      object: 'payment_intent',
      amount: Number(form.amount),
      currency: form.currency,
      client_secret: `${id}_secret_standin${counter}`,
      status: 'requires_payment_method',
      metadata,
      livemode: false,
    };
    intents.set(id, intent);
    send(response, 200, intent);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    failNextWith(status, error) {
      nextFailure = { status, error };
    },
    setIntentStatus(id, status) {
      const intent = intents.get(id);
      if (intent) intent.status = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
