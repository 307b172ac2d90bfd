/**
 * The core every resource calls: an operation is described once (name, method, path, request
 * schema, response schema) and `PrintCore.request` runs it: check the parameters, send, read the
 * body, check the answer. Resources receive the core; the core never imports a resource.
 */
import { z } from "zod";
import type { PrintBaseUrls } from "./environments";
import { PrintInputError } from "./errors";
import type { OperationId } from "./retry";
import { legacySecret, type LegacySecretJoin } from "./signatures";
import type { QueryValue, RawResponse, RequestOptions, Transport } from "./transport";
import { parseXml, type XmlNode } from "./xml";

/** Validates caller parameters; nothing is sent when they are wrong. */
export function validateInput<S extends z.ZodType>(
  schema: S,
  params: unknown,
  operation: string,
): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    throw new PrintInputError(
      operation,
      parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`),
    );
  }
  return parsed.data;
}

/** The keys a client is configured with. */
export interface PrintKeys {
  merchantApiKey: string;
  secretKey: string;
  applicationApiKey: string | undefined;
  buttonKey: string | undefined;
}

/** What an operation's request builder may use: the client's keys, for this one operation. */
export class Call {
  constructor(
    readonly operation: OperationId,
    private readonly core: PrintCore,
  ) {}

  get merchantApiKey(): string {
    return this.core.keys.merchantApiKey;
  }

  get secretKey(): string {
    return this.core.keys.secretKey;
  }

  get buttonKey(): string | undefined {
    return this.core.keys.buttonKey;
  }

  get baseUrls(): PrintBaseUrls {
    return this.core.baseUrls;
  }

  /** An optional key this operation cannot do without; nothing is sent when it is missing. */
  requireKey(key: "applicationApiKey" | "buttonKey"): string {
    const value = this.core.keys[key];
    if (!value)
      throw new PrintInputError(this.operation, [`${key} is not configured on the client`]);
    return value;
  }

  /** The legacy payment secret of an order (see signatures.ts). */
  legacySecret(externalOrderId: string): string {
    const { secretKey, merchantApiKey } = this.core.keys;
    return legacySecret(secretKey, merchantApiKey, externalOrderId, this.core.legacySecretJoin);
  }
}

/** A 2xx answer of one operation, with the ways to read it. */
export class Answer {
  constructor(
    readonly res: RawResponse,
    readonly operation: OperationId,
    private readonly transport: Transport,
  ) {}

  get text(): string {
    return this.res.text;
  }

  /** A PrintResponseShapeError for this answer, raw body kept. */
  fail(reason: string, issues?: readonly string[]) {
    return this.transport.shapeError(this.res, reason, this.operation, issues);
  }

  /** The body as JSON; empty -> undefined. */
  json(): unknown {
    return this.transport.parseJson(this.res, this.operation);
  }

  xml(): XmlNode {
    try {
      return parseXml(this.res.text);
    } catch {
      throw this.fail("body is not XML");
    }
  }
}

/**
 * One operation of the service, written once. The checked parameters go to the query string,
 * a JSON body or a form body (exactly one builder); the body is read (JSON by default), checked
 * by `response` and, where the answer must agree with the request, finished by `result`.
 */
export interface Operation<P extends z.ZodType, R extends z.ZodType, Out> {
  name: OperationId;
  api: "json" | "legacy";
  method: "GET" | "POST";
  /** Below the interface root, starting with "/". */
  path: string;
  request: P;
  response: R;
  query?: (params: z.output<P>, call: Call) => Record<string, QueryValue>;
  json?: (params: z.output<P>, call: Call) => unknown;
  form?: (params: z.output<P>, call: Call) => Record<string, QueryValue>;
  read?: (answer: Answer) => unknown;
  result?: (value: z.output<R>, params: z.output<P>, answer: Answer, call: Call) => Out;
}

/** Infers an operation's types from its schemas (and `result`, when it has one). */
export function defineOperation<P extends z.ZodType, R extends z.ZodType, Out = z.output<R>>(
  operation: Operation<P, R, Out>,
): Operation<P, R, Out> {
  return operation;
}

/** The request schema of an operation that takes no parameters. */
export const noParams = z.undefined();

export class PrintCore {
  constructor(
    readonly transport: Transport,
    readonly keys: PrintKeys,
    readonly baseUrls: PrintBaseUrls,
    readonly legacySecretJoin: LegacySecretJoin,
  ) {}

  /** Runs one operation: check the parameters, send, read and check the answer. */
  async request<P extends z.ZodType, R extends z.ZodType, Out>(
    operation: Operation<P, R, Out>,
    input: z.input<P>,
    options?: RequestOptions,
  ): Promise<Out> {
    const params = validateInput(operation.request, input, operation.name);
    const call = new Call(operation.name, this);
    const res = await this.transport.send(
      {
        operation: operation.name,
        api: operation.api,
        method: operation.method,
        path: operation.path,
        query: operation.query?.(params, call),
        json: operation.json?.(params, call),
        form: operation.form?.(params, call),
      },
      options,
    );
    const answer = new Answer(res, operation.name, this.transport);
    const body = operation.read ? operation.read(answer) : answer.json();
    const value = this.transport.validate(operation.response, body, res, operation.name);
    // Without `result` the checked answer is the result (Out defaults to the response type).
    return operation.result ? operation.result(value, params, answer, call) : (value as Out);
  }
}

/** A group of operations (orders, quotes, ...): holds the core it calls. */
export abstract class APIResource {
  constructor(protected readonly core: PrintCore) {}
}
