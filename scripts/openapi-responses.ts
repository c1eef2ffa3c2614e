// The JSON Schema of what each API route answers, read from the TypeScript type its controller method returns
// (the views in src/shared and the services' result types), so the OpenAPI document says what the code returns.
// Written to src/openapi/responses.json by `npm run openapi:generate`.
import ts from 'typescript';

type Schema = Record<string, unknown>;

const HTTP_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);

export function responseSchemas(tsconfigPath = 'tsconfig.build.json'): { schemas: Record<string, Schema>; operations: Record<string, Schema | null> } {
  const config = ts.getParsedCommandLineOfConfigFile(tsconfigPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const program = ts.createProgram(config.fileNames, config.options);
  const checker = program.getTypeChecker();
  const schemas: Record<string, Schema> = {};

  const named = (type: ts.Type): string | null => {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (!symbol || type.aliasTypeArguments?.length || (type as ts.TypeReference).typeArguments?.length) return null;
    const declaration = symbol.declarations?.[0];
    if (!declaration || !/\/src\//.test(declaration.getSourceFile().fileName)) return null;
    return ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration) || ts.isClassDeclaration(declaration) ? symbol.getName() : null;
  };

  const toSchema = (type: ts.Type, seen: Set<ts.Type> = new Set()): Schema => {
    const name = named(type);
    if (name && type.isUnion() === false && type.getFlags() & ts.TypeFlags.Object) {
      if (!schemas[name]) {
        schemas[name] = {};
        schemas[name] = objectSchema(type, seen);
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    const flags = type.getFlags();
    if (flags & ts.TypeFlags.Any || flags & ts.TypeFlags.Unknown) return {};
    if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', const: (type as ts.StringLiteralType).value };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', const: (type as ts.NumberLiteralType).value };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', const: checker.typeToString(type) === 'true' };
    if (flags & ts.TypeFlags.String) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (type.isUnion()) {
      const parts = type.types.filter((part) => !(part.getFlags() & ts.TypeFlags.Undefined));
      if (parts.every((part) => part.getFlags() & ts.TypeFlags.BooleanLiteral)) return { type: 'boolean' };
      if (parts.every((part) => part.isStringLiteral())) return { type: 'string', enum: parts.map((part) => (part as ts.StringLiteralType).value) };
      if (parts.every((part) => part.isNumberLiteral())) return { type: 'number', enum: parts.map((part) => (part as ts.NumberLiteralType).value) };
      const nonNull = parts.filter((part) => !(part.getFlags() & ts.TypeFlags.Null));
      const schemasOf = nonNull.map((part) => toSchema(part, seen));
      const nullable = nonNull.length < parts.length;
      if (schemasOf.length === 1 && !nullable) return schemasOf[0];
      return { anyOf: [...schemasOf, ...(nullable ? [{ type: 'null' }] : [])] };
    }
    if (checker.isArrayType(type)) return { type: 'array', items: toSchema(checker.getTypeArguments(type as ts.TypeReference)[0], seen) };
    if (type.getSymbol()?.getName() === 'Date') return { type: 'string', format: 'date-time' };
    if (flags & ts.TypeFlags.Object) return objectSchema(type, seen);
    return {};
  };

  const objectSchema = (type: ts.Type, seen: Set<ts.Type>): Schema => {
    if (seen.has(type)) return {};
    const inner = new Set(seen).add(type);
    const index = type.getStringIndexType();
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (!declaration) continue;
      const propertyType = checker.getTypeOfSymbolAtLocation(property, declaration);
      if (propertyType.getCallSignatures().length > 0) continue;
      const schema = toSchema(propertyType, inner);
      properties[property.getName()] = schema;
      if (!(property.getFlags() & ts.SymbolFlags.Optional)) required.push(property.getName());
    }
    return {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(index ? { additionalProperties: toSchema(index, inner) } : {}),
    };
  };

  const operations: Record<string, Schema | null> = {};
  const answer = (key: string, signature: ts.Signature) => {
    let returned = checker.getReturnTypeOfSignature(signature);
    const awaited = checker.getAwaitedType(returned);
    if (awaited) returned = awaited;
    const flags = returned.getFlags();
    if (flags & ts.TypeFlags.Void || flags & ts.TypeFlags.Undefined) operations[key] = null;
    else if (returned.getSymbol()?.getName() === 'StreamableFile') operations[key] = { type: 'string', format: 'binary' };
    else operations[key] = toSchema(returned);
  };
  for (const file of program.getSourceFiles()) {
    // The API's controllers (not the pages', nor the documentation's own).
    if (!/\/src\/.*(\.api|\.public|\/health)\.controller\.ts$/.test(file.fileName)) continue;
    ts.forEachChild(file, function visit(node) {
      if (ts.isClassDeclaration(node) && node.name) {
        for (const member of node.members) {
          if (!ts.isMethodDeclaration(member) || !member.name) continue;
          const decorators = ts.getDecorators(member) ?? [];
          const http = decorators.some(
            (decorator) => ts.isCallExpression(decorator.expression) && HTTP_DECORATORS.has(decorator.expression.expression.getText()),
          );
          if (!http) continue;
          answer(`${node.name.text}.${member.name.getText()}`, checker.getSignatureFromDeclaration(member)!);
        }
        // A declared resource's routes, inherited from ResourceRoutes(...): typed by the resource's view and page.
        for (const property of checker.getPropertiesOfType(checker.getTypeAtLocation(node))) {
          const declaration = property.valueDeclaration ?? property.declarations?.[0];
          const owner = declaration?.parent;
          if (!owner || !ts.isInterfaceDeclaration(owner) || owner.name.text !== 'ResourceRouteHandlers') continue;
          const [signature] = checker.getTypeOfSymbolAtLocation(property, node).getCallSignatures();
          answer(`${node.name.text}.${property.getName()}`, signature);
        }
      }
    });
  }
  return { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))), operations };
}
