/**
 * `npm run contract`: writes shared/src/api-contract.ts, the API's routes as plain types (path,
 * method, input, the `data` of its success answer), read with the TypeScript compiler from the
 * feature routers app.ts mounts. The learner and the admin type their calls from it, so they
 * never compile the worker's sources (its Env and i18n augmentation clash with theirs).
 * `npm run check:contract` (CI) fails when the committed file is not what the handlers give, or
 * when a learner or admin call site still states a response type by hand (`api<T>(`).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import ts from 'typescript';
import { ROOT } from './lib/content.ts';

const OUTPUT = 'shared/src/api-contract.ts';
const APP = path.join(ROOT, 'api-worker/src/app.ts');
/** The clients' base URL ends in /api, so their paths start after it. */
const API_PREFIX = '/api';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function workerProgram() {
  const configFile = path.join(ROOT, 'api-worker/tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  // The app and its declarations only: the tests add nothing to the routes' types.
  const roots = parsed.fileNames.filter((file) => file.endsWith('.d.ts') || file === APP);
  return ts.createProgram(roots, parsed.options);
}

type Mount = { prefix: string; router: ts.Identifier };

/** Every `app.route('/api/…', featureRoutes)` in app.ts, in its order. */
function mounts(source: ts.SourceFile): Mount[] {
  const found: Mount[] = [];
  for (const statement of source.statements) {
    if (!ts.isExpressionStatement(statement)) continue;
    const call = statement.expression;
    if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) continue;
    if (call.expression.name.text !== 'route') continue;
    const [prefix, router] = call.arguments;
    if (!prefix || !router || !ts.isStringLiteral(prefix) || !ts.isIdentifier(router)) continue;
    found.push({ prefix: prefix.text, router });
  }
  return found;
}

function joinPath(prefix: string, route: string): string {
  const joined = route === '/' ? prefix : `${prefix.replace(/\/$/, '')}${route}`;
  if (!joined.startsWith(`${API_PREFIX}/`))
    throw new Error(`route outside ${API_PREFIX}: ${joined}`);
  return joined.slice(API_PREFIX.length);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A type written out in full: the names in the worker's sources mean nothing to its callers. */
function printer(checker: ts.TypeChecker) {
  const open = new Set<ts.Type>();
  function print(type: ts.Type): string {
    const flags = type.flags;
    // An answer typed `any` (a cast, an untyped helper) would let every call site read anything.
    if (flags & ts.TypeFlags.Any) throw new Error('an `any` reached the contract: type its route');
    if (flags & ts.TypeFlags.Unknown) return 'unknown';
    if (flags & ts.TypeFlags.Never) return 'never';
    if (flags & ts.TypeFlags.Null) return 'null';
    if (flags & ts.TypeFlags.Undefined) return 'undefined';
    if (flags & ts.TypeFlags.Void) return 'void';
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.Number | ts.TypeFlags.Boolean)) {
      return checker.typeToString(type);
    }
    if (flags & (ts.TypeFlags.Literal | ts.TypeFlags.TemplateLiteral)) {
      return checker.typeToString(type);
    }
    if (type.isUnion()) {
      const members = type.types.map(print);
      const bools = ['false', 'true'].every((b) => members.includes(b));
      const rest = bools ? members.filter((m) => m !== 'false' && m !== 'true') : members;
      return [...new Set([...rest, ...(bools ? ['boolean'] : [])])].join(' | ');
    }
    if (type.isIntersection()) {
      return type.types.map((t) => (t.isUnion() ? `(${print(t)})` : print(t))).join(' & ');
    }
    if (open.has(type)) throw new Error(`recursive type ${checker.typeToString(type)}`);
    open.add(type);
    try {
      if (checker.isTupleType(type)) {
        return `[${checker
          .getTypeArguments(type as ts.TypeReference)
          .map(print)
          .join(', ')}]`;
      }
      if (checker.isArrayType(type)) {
        const [element] = checker.getTypeArguments(type as ts.TypeReference);
        const text = print(element!);
        return element!.isUnionOrIntersection() ? `(${text})[]` : `${text}[]`;
      }
      if (flags & ts.TypeFlags.Object) return printObject(type);
      return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
    } finally {
      open.delete(type);
    }
  }
  function printObject(type: ts.Type): string {
    if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) {
      throw new Error(`a function in a response: ${checker.typeToString(type)}`);
    }
    const parts: string[] = [];
    for (const info of checker.getIndexInfosOfType(type)) {
      parts.push(`[key: ${print(info.keyType)}]: ${print(info.type)};`);
    }
    for (const property of checker.getPropertiesOfType(type)) {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      let propertyType = checker.getTypeOfSymbol(property);
      if (optional) propertyType = checker.getNonNullableType(propertyType);
      const name = IDENTIFIER.test(property.name) ? property.name : JSON.stringify(property.name);
      parts.push(`${name}${optional ? '?' : ''}: ${print(propertyType)};`);
    }
    return parts.length ? `{ ${parts.join(' ')} }` : '{}';
  }
  return print;
}

function schemaParts(type: ts.Type): ts.Type[] {
  return type.isUnionOrIntersection() ? type.types.flatMap(schemaParts) : [type];
}

type Route = { path: string; method: string; input: string; data: string };

/** A route's input, and the `data` of its success answers (a file or a redirect has none). */
function endpointTypes(
  checker: ts.TypeChecker,
  print: (type: ts.Type) => string,
  endpoint: ts.Type,
) {
  const inputs = new Set<string>();
  const data = new Set<string>();
  for (const variant of endpoint.isUnion() ? endpoint.types : [endpoint]) {
    const input = variant.getProperty('input');
    const output = variant.getProperty('output');
    if (input) inputs.add(print(checker.getTypeOfSymbol(input)));
    if (!output) continue;
    const outputType = checker.getTypeOfSymbol(output);
    for (const answer of outputType.isUnion() ? outputType.types : [outputType]) {
      const success = answer.getProperty('success');
      const payload = answer.getProperty('data');
      if (!success || !payload) continue;
      if (checker.typeToString(checker.getTypeOfSymbol(success)) !== 'true') continue;
      data.add(print(checker.getTypeOfSymbol(payload)));
    }
  }
  return {
    input: [...inputs].join(' | ') || '{}',
    data: [...data].join(' | ') || 'never',
  };
}

function routes(): Route[] {
  const program = workerProgram();
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(APP);
  if (!source) throw new Error(`${APP} is not in the worker's program`);
  const print = printer(checker);
  const found = new Map<string, Route>();
  for (const { prefix, router } of mounts(source)) {
    const hono = checker.getTypeAtLocation(router);
    const schema = checker.getTypeArguments(hono as ts.TypeReference)[1];
    if (!schema) throw new Error(`${router.text} is not a Hono app`);
    // A router that mounts others (`.route()`) has a union of schemas, one per part.
    const paths = schemaParts(schema).flatMap((part) => checker.getPropertiesOfType(part));
    for (const pathSymbol of paths) {
      const endpoints = checker.getTypeOfSymbol(pathSymbol);
      for (const methodSymbol of checker.getPropertiesOfType(endpoints)) {
        const method = methodSymbol.name.replace(/^\$/, '');
        if (!METHODS.includes(method)) continue;
        const routePath = joinPath(prefix, pathSymbol.name);
        const key = `${method.toUpperCase()} ${routePath}`;
        let types: { input: string; data: string };
        try {
          types = endpointTypes(checker, print, checker.getTypeOfSymbol(methodSymbol));
        } catch (error) {
          throw new Error(`${key}: ${(error as Error).message}`, { cause: error });
        }
        const route = { path: routePath, method: method.toUpperCase(), ...types };
        const seen = found.get(key);
        // A mounting router's schema repeats the parts before it; the same route twice is one.
        if (seen && (seen.input !== route.input || seen.data !== route.data)) {
          throw new Error(`${key} is declared twice, with different types`);
        }
        found.set(key, route);
      }
    }
  }
  return [...found.values()];
}

async function render(list: Route[]): Promise<string> {
  const byPath = new Map<string, Route[]>();
  for (const route of list) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  const entries = [...byPath.entries()].map(
    ([routePath, methods]) =>
      `${JSON.stringify(routePath)}: { ${methods
        .map((r) => `${r.method}: { input: ${r.input}; data: ${r.data} };`)
        .join(' ')} };`,
  );
  const text = `/**
 * Generated by \`npm run contract\` (scripts/contract.ts) from the API worker's routers: do not
 * edit. Every route the API answers, by path (after /api) and method: its input as the handler
 * receives it, and the \`data\` of its success answer as the client receives it (JSON). The one
 * client (api.ts) looks the response type of each call up here.
 */
export type ApiContract = { ${entries.join(' ')} };
`;
  const file = path.join(ROOT, OUTPUT);
  const options = (await resolveConfig(file)) ?? {};
  return format(text, { ...options, filepath: file });
}

/** `api<T>(`, also split over lines, and the learner's server client by its usual name. */
const HAND_TYPED = /\b(api|server)\s*<\s*($|[^\s=])/;

/** Call sites that state a response type by hand instead of taking the contract's. */
function handTypedCalls(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const name = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!['node_modules', 'build', 'dist', '.react-router'].includes(entry.name)) walk(name);
      } else if (/\.tsx?$/.test(entry.name)) {
        readFileSync(path.join(ROOT, name), 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (HAND_TYPED.test(line)) found.push(`${name}:${index + 1}: ${line.trim()}`);
          });
      }
    }
  };
  for (const dir of ['learner/app', 'learner/workers', 'admin/src']) walk(dir);
  return found;
}

const check = process.argv.includes('--check');
const generated = await render(routes());
if (!check) {
  writeFileSync(path.join(ROOT, OUTPUT), generated);
  console.info(`ok    ${OUTPUT} written`);
  process.exit(0);
}
let failed = 0;
if (readFileSync(path.join(ROOT, OUTPUT), 'utf8') !== generated) {
  failed++;
  console.info(
    `STALE ${OUTPUT} is not what the API's handlers give: run \`npm run contract\` and commit it`,
  );
} else {
  console.info(`ok    ${OUTPUT} matches the API's handlers`);
}
const handTyped = handTypedCalls();
if (handTyped.length > 0) {
  failed++;
  console.info(
    `FAIL  these calls state their response type by hand; the contract gives it:\n${handTyped.join('\n')}`,
  );
} else {
  console.info('ok    no call site states a response type by hand');
}
process.exit(failed > 0 ? 1 : 0);
