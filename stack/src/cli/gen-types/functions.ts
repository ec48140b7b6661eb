// The Functions section of the generated types, as `supabase gen types` writes it: which
// functions appear (those PostgREST can call, and those taking one row), their Args and Returns
// (rows of a table, TABLE columns, or a type), SetofOptions for functions returning relations,
// the error types the CLI gives overloads PostgREST cannot tell apart, and the computed fields
// that functions of one row argument add to a table's Row.
import type { FunctionArg, FunctionInfo } from './metadata.ts';
import { byName, returnedRelation, type Model } from './model.ts';
import { nullable, pgTypeToTs } from './pg-types.ts';

/** json, jsonb and text: the types of a single unnamed parameter PostgREST calls. */
const VALID_UNNAMED = new Set(['114', '3802', '25']);
const IN_MODES = new Set<FunctionArg['mode']>(['in', 'inout', 'variadic']);

export interface SchemaFunction {
  fn: FunctionInfo;
  inArgs: FunctionArg[];
}

const tsOfType = (model: Model, schema: string, typeId: string) => {
  const type = model.typesById.get(typeId);
  return type ? pgTypeToTs(model.meta, schema, type.name) : 'unknown';
};

/** The schema's functions the types list, by name. */
export function functionsOf(model: Model, schema: string): SchemaFunction[] {
  const out: SchemaFunction[] = [];
  for (const fn of model.meta.functions) {
    if (fn.schema !== schema) continue;
    const args = [...fn.args].sort(byName);
    const inArgs = args.filter((a) => IN_MODES.has(a.mode));
    const [only] = inArgs;
    const listed =
      inArgs.length === 0 ||
      !inArgs.some((a) => a.name === '') ||
      inArgs.every((a) => a.name !== '' || (a.hasDefault && VALID_UNNAMED.has(a.typeId))) ||
      (inArgs.length === 1 &&
        only!.name === '' &&
        (VALID_UNNAMED.has(only!.typeId) || model.rowTypes.has(only!.typeId)));
    if (listed) out.push({ fn: { ...fn, args }, inArgs });
  }
  return out.sort((a, b) => a.fn.name.localeCompare(b.fn.name));
}

/** What a function returns, without SetofOptions or the array of a set. */
export function returnType(model: Model, schema: string, fn: FunctionInfo): string {
  const tableArgs = fn.args.filter((a) => a.mode === 'table');
  // Where the CLI's template breaks a line after `{`, so does this one: prettier keeps it.
  if (tableArgs.length > 0)
    return `{\n${tableArgs
      .map((a) => `${JSON.stringify(a.name)}: ${tsOfType(model, schema, a.typeId)}`)
      .join(',\n')}\n}`;
  const relation = fn.returnTypeRelationId
    ? model.relationsById.get(fn.returnTypeRelationId)
    : undefined;
  if (relation && relation.schema === schema)
    return `{\n${model
      .columnsOf(relation.id)
      .map(
        (c) =>
          `${JSON.stringify(c.name)}: ${nullable(pgTypeToTs(model.meta, schema, c.format), c.isNullable)}`,
      )
      .join(',\n')}\n}`;
  return tsOfType(model, schema, fn.returnTypeId);
}

function setofOptions(model: Model, fn: FunctionInfo): string {
  const to = returnedRelation(model, fn.returnTypeRelationId, fn.returnTypeId);
  const many = fn.prorows !== null && fn.prorows > 1;
  const setOfTable = fn.isSetReturning && fn.returnTypeRelationId !== null;
  const options = (from: string, oneToOne: boolean, setof: boolean) =>
    `SetofOptions: {\nfrom: ${JSON.stringify(from)}\nto: ${JSON.stringify(to)}\nisOneToOne: ${oneToOne}\nisSetofReturn: ${setof}\n}`;
  let out = to ? options('*', !many, fn.isSetReturning) : '';
  const rowType = fn.args.length === 1 ? model.rowTypes.get(fn.args[0]!.typeId) : undefined;
  if (rowType && to)
    out = setOfTable ? options(rowType.format, !many, true) : options(rowType.format, true, false);
  // ROWS 1 makes a set one row only where SetofOptions tells postgrest-js so.
  const array = fn.isSetReturning && !(!many && to !== null) ? '[]' : '';
  return `${array}${out ? `\n${out}` : ''}`;
}

const argsOf = (model: Model, schema: string, inArgs: FunctionArg[]) =>
  inArgs.length === 0
    ? 'never'
    : `{ ${inArgs
        .map(
          (a) =>
            `${JSON.stringify(a.name)}${a.hasDefault ? '?' : ''}: ${tsOfType(model, schema, a.typeId)}`,
        )
        .join('; ')} }`;

const AMBIGUOUS =
  'Try renaming the parameters or the function itself in the database so function overloading can be resolved';

/** The error the CLI types an overload with when PostgREST could not choose it. */
function conflict(model: Model, schema: string, group: SchemaFunction[], self: SchemaFunction) {
  if (group.length <= 1) return undefined;
  const { fn, inArgs } = self;
  const others = group.filter((g) => g !== self);
  const typeName = (id: string) => model.typesById.get(id)?.name ?? 'unknown';
  if (inArgs.length === 0) {
    const other = others.find(
      (o) => o.inArgs.length === 1 && o.inArgs[0]!.name === '' && o.inArgs[0]!.hasDefault,
    );
    if (other)
      return `Could not choose the best candidate function between: ${schema}.${fn.name}(), ${schema}.${fn.name}( => ${typeName(other.fn.returnTypeId)}). ${AMBIGUOUS}`;
  }
  if (inArgs.length === 1 && inArgs[0]!.name !== '') {
    const [arg] = inArgs;
    const same = others.filter(
      (o) =>
        o.inArgs.length === 1 &&
        o.inArgs[0]!.name === arg!.name &&
        o.inArgs[0]!.typeId !== arg!.typeId,
    );
    if (same.length > 0) {
      const list = [self, ...same]
        .sort((a, b) => Number(a.inArgs[0]!.typeId) - Number(b.inArgs[0]!.typeId))
        .map(
          (g) =>
            `${schema}.${fn.name}(${g.inArgs.map((a) => `${a.name} => ${typeName(a.typeId)}`).join(', ')})`,
        )
        .join(', ');
      return `Could not choose the best candidate function between: ${list}. ${AMBIGUOUS}`;
    }
  }
  return undefined;
}

/** A function of one unnamed row argument that returns no rows: PostgREST cannot call it. */
function tableRowError(model: Model, { fn, inArgs }: SchemaFunction): boolean {
  return (
    inArgs.length === 1 &&
    inArgs[0]!.name === '' &&
    model.rowTypes.has(inArgs[0]!.typeId) &&
    !returnedRelation(model, fn.returnTypeRelationId, fn.returnTypeId)
  );
}

/** `{ Args; Returns }` of each overload, joined into a union. */
export function signatures(model: Model, schema: string, group: SchemaFunction[]): string {
  return group
    .map((self) => {
      const { fn, inArgs } = self;
      const error = conflict(model, schema, group, self);
      const returns = error
        ? `{ error: true } & ${JSON.stringify(error)}`
        : tableRowError(model, self)
          ? `{ error: true } & ${JSON.stringify(`the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`)}`
          : returnType(model, schema, fn);
      return `{ Args: ${argsOf(model, schema, inArgs)}; Returns: ${returns}${setofOptions(model, fn)} }`;
    })
    .join(' | ');
}
