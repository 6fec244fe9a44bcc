// PGlite answers `query(text, params)` in six calls into WebAssembly (parse, describe,
// bind, describe, execute, sync) and parses and plans the text every time: ~1.7 ms for
// the session + member read of every authenticated request, ~0.3 ms as a named prepared
// statement run in one call. This gives the PGlite client a `query` that does what
// PostgreSQL's named statements do: the first run of a text parses and describes it once
// under a name; every later run binds, executes and syncs in one call, and its rows are
// read with the description kept from the first (asking again took a sixth of /me: the
// session + member read has 53 columns). Same mutexes, the same value serializers and row
// parsers as PGlite's own `query`, the same errors, and the data directory is synced after
// each statement as before. Transactions keep PGlite's own path (drizzle runs them through
// `transaction`).
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

const { serialize } = protocol;
/** Prepared plans live in PGlite's memory, which never shrinks: texts beyond this run unnamed. */
const MAX_STATEMENTS = 200;
/** Only plannable statements are kept; DDL and the rest (migrations, SET) run unnamed. */
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Prepared {
  name: string;
  paramTypes: number[];
  /** Its rows' columns (absent for a statement without rows), as PostgreSQL described them. */
  rowDescription: BackendMessage | undefined;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The error as PGlite's `query` throws it: the statement and its values attached. */
function withQuery(error: unknown, text: string, params: unknown[], options?: QueryOptions) {
  if (error instanceof Error && 'code' in error) {
    Object.assign(error, { query: text, params, queryOptions: options });
  }
  return error;
}

/** `client` whose `query` runs plannable texts as named prepared statements. */
export function withPreparedStatements(client: PGlite): PGlite {
  const prepared = new Map<string, Prepared>();
  // PGlite merges a query's own parsers (drizzle's, one object per prepared query) into its
  // ~150 defaults on every run; merged once per object instead.
  const mergedParsers = new WeakMap<object, PGlite['parsers']>();
  function parseOptions(options: QueryOptions | undefined) {
    if (!options?.parsers) return { defaults: client.parsers, options };
    let merged = mergedParsers.get(options.parsers);
    if (!merged) {
      merged = { ...client.parsers, ...options.parsers };
      mergedParsers.set(options.parsers, merged);
    }
    return { defaults: merged, options: { ...options, parsers: undefined } };
  }

  async function prepare(text: string, options?: QueryOptions): Promise<Prepared> {
    const name = `pglite_${prepared.size + 1}`;
    const messages = await client.execProtocolStream(
      concat([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    prepared.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions) {
    try {
      const statement = prepared.get(text) ?? (await prepare(text, options));
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = statement.paramTypes[i]!;
        const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
        return serializer ? serializer(param) : String(param);
      });
      const messages = await client.execProtocolStream(
        concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      await client.syncToFs();
      const parsing = parseOptions(options);
      const described = statement.rowDescription
        ? [statement.rowDescription, ...messages]
        : messages;
      return parse.parseResults(described, parsing.defaults, parsing.options)[0] as Results<T>;
    } catch (error) {
      throw withQuery(error, text, params, options);
    }
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (
      options?.blob ||
      !PLANNABLE.test(text) ||
      (!prepared.has(text) && prepared.size >= MAX_STATEMENTS)
    ) {
      return client.query<T>(text, params, options);
    }
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params, options)),
    );
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
