/** Extracts type declarations (classes, structs, records, interfaces, enums) with their members and instance fields. */
import type { SyntaxNode } from '../parse/parser';
import { namedChildOfType } from '../parse/syntaxTable';
import type { ConstantDeclaration, FieldDeclaration, MemberParameter, MemberSignature, PrimaryConstructorParameter, TypeDeclaration, TypeKind } from './types';
import { attributesOf, declaredFieldsOf, hasToken, modifiersOf, normaliseTypeText, spanOf } from './syntax';
import { classifyReturnType } from './returnKind';
import { exactly, internedList, none } from './compact';
import { constraintsField, fieldInitializerOf, memberParametersOf } from './signatureFacts';
import { blockTypeParameters, isExtensionBlock, receiverOf } from './extensionBlocks';
import { collectionFillsOf, holdsTasks } from './collectionFills';
import { ownerKeyOf } from './fileSyntax';

/**
 * How many task collections of a file have their fills read (each read scans the file's text once): a file of
 * thousands of them, generated or hostile, gets the rest as not known (null), which no rule follows.
 */
const MAX_COLLECTIONS_READ = 32;

export function extractTypes(typeNodes: SyntaxNode[], text = ''): TypeDeclaration[] {
  const out: TypeDeclaration[] = [];
  const collections = { read: 0 };
  // A file-scoped namespace applies to every type in the file: look it up once.
  const root = typeNodes.length ? rootOf(typeNodes[0]) : null;
  const fileNamespace = (root ? namedChildOfType(root, 'file_scoped_namespace_declaration') : undefined)?.childForFieldName('name')?.text ?? null;
  for (const node of typeNodes) {
    const nameNode = node.childForFieldName('name');
    // An extension block is no type: its members are the enclosing class's (extensionBlocks.ts).
    if (!nameNode || isExtensionBlock(node)) continue;
    out.push(typeDeclarationOf(node, nameNode, fileNamespace, text, collections));
  }
  return out;
}

const ACCESSIBILITY = ['public', 'protected', 'internal', 'private'];

/**
 * Whether only the file of the type `node` can name a member with these modifiers: a private member (by its modifier,
 * or by default) or any member of a private nested type (by its modifier, or by default inside another type), where no
 * type on the way out is partial (another file could hold a part of it).
 */
function onlyThisFileNames(node: SyntaxNode, memberModifiers: readonly string[]): boolean {
  const isPrivate = (mods: readonly string[]) => (mods.includes('private') && !mods.includes('protected')) || !mods.some((m) => ACCESSIBILITY.includes(m));
  let limited = isPrivate(memberModifiers);
  for (let t: SyntaxNode | null = node; t; t = t.parent) {
    if (!t.type.endsWith('_declaration') || t.type.includes('namespace')) continue;
    const mods = modifiersOf(t);
    if (mods.includes('partial')) return false;
    const nested = (() => { for (let p = t.parent; p; p = p.parent) if (p.type.endsWith('_declaration') && !p.type.includes('namespace')) return true; return false; })();
    if (nested && isPrivate(mods)) limited = true;
  }
  return limited;
}

function typeKindOf(node: SyntaxNode): TypeKind {
  switch (node.type) {
    case 'struct_declaration': return 'struct';
    case 'record_declaration': return hasToken(node, 'struct') ? 'record struct' : 'record';
    case 'interface_declaration': return 'interface';
    case 'enum_declaration': return 'enum';
    case 'delegate_declaration': return 'delegate';
    default: return 'class';
  }
}

function fullNameOf(node: SyntaxNode, name: string, fileNamespace: string | null): string {
  const parts = [name];
  for (let p = node.parent; p; p = p.parent) {
    if (p.type.endsWith('_declaration') && p.type !== 'file_scoped_namespace_declaration') {
      const n = p.childForFieldName('name');
      if (n) parts.unshift(n.text);
    }
  }
  if (fileNamespace) parts.unshift(fileNamespace);
  return parts.join('.');
}

function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

function typeDeclarationOf(node: SyntaxNode, nameNode: SyntaxNode, fileNamespace: string | null, text: string, collections: { read: number }): TypeDeclaration {
  const kind = typeKindOf(node);
  const modifiers = modifiersOf(node);
  const baseList = namedChildOfType(node, 'base_list');
  const baseTypes = baseList ? baseList.namedChildren.filter((c) => !!c && c.type !== 'argument_list').map((c) => normaliseTypeText(c!.text)) : [];
  const typeParams = namedChildOfType(node, 'type_parameter_list');
  const members: MemberSignature[] = [];
  const instanceFields: FieldDeclaration[] = [];
  const body = node.childForFieldName('body');

  // Record primary constructor parameters become properties with backing fields.
  const primary = namedChildOfType(node, 'parameter_list');
  const constants: ConstantDeclaration[] = kind === 'enum' ? enumMembersOf(node, nameNode.text) : [];
  const primaryConstructorParameters = primary && (kind === 'class' || kind === 'struct') ? primaryConstructorParametersOf(primary, body) : [];
  // A struct keeps each captured primary-constructor parameter in a field, which is part of its size.
  if (kind === 'struct') {
    for (const p of primaryConstructorParameters) if (p.captured) instanceFields.push({ name: `<${p.name}>P`, typeText: p.typeText, isStatic: false, isConst: false });
  }
  if (primary && (kind === 'record' || kind === 'record struct')) {
    // A positional parameter whose name the record declares itself (`public string Key { get; init; } = Key;`) gets
    // no synthesized property: the declared member stands in its place, with its own backing field. The parameter is
    // then read only by initializers, since in the members' bodies the name is the member's (no field for it either:
    // measured, a record struct `(int X)` with `int X { get; init; } = X;` and a method reading X is 4 B).
    const declared = namesDeclaredIn(body);
    for (const p of primary.namedChildren) {
      if (!p || p.type !== 'parameter') continue;
      const t = p.childForFieldName('type')?.text;
      const n = p.childForFieldName('name')?.text;
      if (!t || !n || declared.has(n)) continue;
      instanceFields.push({ name: n, typeText: normaliseTypeText(t), isStatic: false, isConst: false });
      members.push(member(n, 'property', false, false, t, none(), 0, p, p.childForFieldName('name')!, null));
    }
  }

  // A delegate type is its Invoke method: `await handler(x)` awaits what Invoke returns.
  if (kind === 'delegate') {
    const returns = node.childForFieldName('type');
    const params = node.childForFieldName('parameters');
    const parameters = memberParametersOf(params);
    // With its parameters, a lambda converted to the delegate gets its parameters' types.
    const invoke = member('Invoke', 'method', false, false, returns?.text ?? null, parameters.map((p) => p.typeText), 0, node, nameNode, null, parameters);
    members.push(invoke);
  }

  /**
   * Adds the member `m` declares. Inside an extension block (`block`) a member is what the compiler lowers it to: a
   * static member of this type, and a method not declared static takes the receiver as its first parameter (`this
   * IQueryable<T> source`) and the block's type parameters before its own.
   */
  const addMember = (m: SyntaxNode, block: SyntaxNode | null) => {
    const mods = modifiersOf(m);
    const isStatic = block !== null || mods.includes('static') || mods.includes('const');
    switch (m.type) {
      case 'class_declaration': {
        if (block === null && isExtensionBlock(m)) for (const c of m.childForFieldName('body')?.namedChildren ?? []) if (c) addMember(c, m);
        break;
      }
      case 'method_declaration': {
        const name = m.childForFieldName('name');
        const returns = m.childForFieldName('returns');
        if (!name) break;
        const params = m.childForFieldName('parameters');
        // memberParametersOf also reads `params T[] name`, which the grammar leaves unwrapped.
        const declared = memberParametersOf(params);
        const receiver = block && !mods.includes('static') ? receiverOf(block) : null;
        const memberParameters = receiver ? [{ name: receiver.name ?? '', typeText: receiver.typeText, modifiers: ['this'], hasDefault: false }, ...declared] : declared;
        const paramTypes = internedList(memberParameters.map((p) => p.typeText));
        const tps = m.childForFieldName('type_parameters') ?? namedChildOfType(m, 'type_parameter_list');
        const hasBody = !!m.childForFieldName('body') || m.namedChildren.some((c) => c?.type === 'arrow_expression_clause');
        const ownTypeParameters = tps ? tps.namedChildren.filter((c) => c?.type === 'type_parameter').map((c) => (c!.childForFieldName('name') ?? c!).text) : [];
        const typeParameters = block ? [...blockTypeParameters(block), ...ownTypeParameters] : ownTypeParameters;
        // The extra properties are added to member()'s object, not spread into a new one (see member()).
        const method = member(name.text, 'method', isStatic, mods.includes('async'), returns?.text ?? null, paramTypes,
          typeParameters.length, m, name, hasBody ? ownerKeyOf('method_declaration', m.startIndex) : null, memberParameters);
        // A body-less member (an interface's, an abstract one) has no MethodBody to carry them.
        if (typeParameters.length) method.typeParameters = typeParameters;
        const explicit = namedChildOfType(m, 'explicit_interface_specifier');
        if (explicit) method.explicitInterface = explicit.text.replace(/\s*\.\s*$/, '');
        members.push(method);
        break;
      }
      case 'property_declaration': {
        const name = m.childForFieldName('name');
        const type = m.childForFieldName('type');
        if (!name) break;
        const property = member(name.text, 'property', isStatic, false, type?.text ?? null, none(), 0, m, name, null);
        const explicitProperty = namedChildOfType(m, 'explicit_interface_specifier');
        if (explicitProperty) property.explicitInterface = explicitProperty.text.replace(/\s*\.\s*$/, '');
        const arrow = m.childForFieldName('value');
        const expression = arrow?.type === 'arrow_expression_clause' ? arrow.namedChildren[0] : null;
        if (expression && expression.endIndex - expression.startIndex <= 200) property.getterExpression = expression.text;
        // `public static Shell Instance { get; } = new();`: a getter-only auto-property holds its initializer's value
        // for good (only a constructor could set it again), as a readonly field does.
        const initializer = arrow && arrow.type !== 'arrow_expression_clause' ? arrow : null;
        if (initializer && initializer.endIndex - initializer.startIndex <= 200) {
          property.initializerText = initializer.text;
          property.isReadonly = isGetterOnlyAutoProperty(m);
        }
        members.push(property);
        if (!isStatic && type && isAutoProperty(m)) instanceFields.push({ name: `<${name.text}>k__BackingField`, typeText: normaliseTypeText(type.text), isStatic: false, isConst: false });
        break;
      }
      case 'field_declaration':
      case 'event_field_declaration': {
        for (const { name: n, declarator: d, type } of declaredFieldsOf(m)) {
          if (!type) continue;
          const field = member(n.text, m.type === 'field_declaration' ? 'field' : 'event', isStatic, false, type.text, none(), 0, d, n, null);
          if (m.type === 'field_declaration') {
            field.initializerText = fieldInitializerOf(d, n);
            field.isReadonly = mods.includes('readonly') || mods.includes('const');
            if (text && field.isReadonly && holdsTasks(type.text) && onlyThisFileNames(node, mods)) {
              field.filledWith = collections.read++ < MAX_COLLECTIONS_READ ? collectionFillsOf(text, n.text, n.startIndex, field.initializerText ?? null) : null;
            }
          }
          members.push(field);
          if (!isStatic) instanceFields.push({ name: n.text, typeText: normaliseTypeText(type.text), isStatic: false, isConst: mods.includes('const') });
          if (mods.includes('const')) {
            const value = d.namedChildren.find((c) => !!c && c.startIndex > n.startIndex);
            if (value) constants.push({ name: n.text, typeText: normaliseTypeText(type.text), valueText: value.text });
          }
        }
        break;
      }
      case 'constructor_declaration': {
        const name = m.childForFieldName('name');
        if (name) members.push(member(name.text, 'constructor', isStatic, false, null, none(), 0, m, name, ownerKeyOf('constructor_declaration', m.startIndex)));
        break;
      }
      case 'event_declaration': {
        const name = m.childForFieldName('name');
        if (name) members.push(member(name.text, 'event', isStatic, false, m.childForFieldName('type')?.text ?? null, none(), 0, m, name, null));
        break;
      }
    }
  };
  if (body && kind !== 'enum') for (const m of body.namedChildren) if (m) addMember(m, null);
  let enumUnderlyingType: string | null = null;
  if (kind === 'enum') enumUnderlyingType = baseTypes[0] ?? 'int';
  return {
    name: nameNode.text,
    kind,
    fullName: fullNameOf(node, nameNode.text, fileNamespace),
    modifiers,
    attributes: attributesOf(node),
    baseTypes: kind === 'enum' ? none() : exactly(baseTypes),
    // The name alone: `out TMessage` and `[Attr] T` are the parameters TMessage and T.
    typeParameters: typeParams ? exactly(typeParams.namedChildren.filter((c) => c?.type === 'type_parameter').map((c) => (c!.childForFieldName('name') ?? c!).text)) : none(),
    ...constraintsField(node),
    members: exactly(members),
    instanceFields: exactly(instanceFields),
    enumUnderlyingType,
    constants: exactly(constants),
    primaryConstructorParameters: exactly(primaryConstructorParameters),
    span: spanOf(node),
    nameSpan: spanOf(nameNode),
  };
}

/** Enum members with their values; a member without one is the previous member plus one (the first is 0). */
function enumMembersOf(node: SyntaxNode, enumName: string): ConstantDeclaration[] {
  const list = node.childForFieldName('body') ?? namedChildOfType(node, 'enum_member_declaration_list');
  const out: ConstantDeclaration[] = [];
  for (const m of list?.namedChildren ?? []) {
    if (!m || m.type !== 'enum_member_declaration') continue;
    const name = m.childForFieldName('name') ?? namedChildOfType(m, 'identifier');
    if (!name) continue;
    const value = m.childForFieldName('value') ?? m.namedChildren.find((c) => !!c && c.startIndex > name.startIndex && c.type !== 'attribute_list');
    const previous = out[out.length - 1];
    out.push({ name: name.text, typeText: enumName, valueText: value ? value.text : previous ? `${previous.name} + 1` : '0' });
  }
  return out;
}

/**
 * The parameters of a class or struct primary constructor, and whether a member reads them (then the compiler
 * keeps them in fields). Field and property initializers read them once, at construction, without capturing.
 */
function primaryConstructorParametersOf(list: SyntaxNode, body: SyntaxNode | null): PrimaryConstructorParameter[] {
  const parameters = list.namedChildren.filter((p): p is SyntaxNode => !!p && p.type === 'parameter');
  if (parameters.length === 0) return [];
  const readInMembers = new Set<string>();
  for (const m of body?.namedChildren ?? []) {
    if (!m || m.type === 'field_declaration' || m.type === 'event_field_declaration') continue;
    // A property's initializer (`int P { get; } = x;`) reads at construction; its accessors and arrow body capture.
    const capturing = m.type === 'property_declaration'
      ? m.namedChildren.filter((c): c is SyntaxNode => !!c && (c.type === 'accessor_list' || c.type === 'arrow_expression_clause'))
      : [m];
    for (const part of capturing) for (const id of part.descendantsOfType('identifier')) if (id) readInMembers.add(id.text);
  }
  return parameters.flatMap((p) => {
    const name = p.childForFieldName('name')?.text;
    const type = p.childForFieldName('type')?.text;
    return name && type ? [{ name, typeText: normaliseTypeText(type), captured: readInMembers.has(name) }] : [];
  });
}

/** The names of the properties and fields a type body declares itself. */
function namesDeclaredIn(body: SyntaxNode | null): Set<string> {
  const names = new Set<string>();
  for (const m of body?.namedChildren ?? []) {
    if (m?.type === 'property_declaration') {
      const name = m.childForFieldName('name');
      if (name) names.add(name.text);
    } else if (m?.type === 'field_declaration') {
      for (const { name } of declaredFieldsOf(m)) names.add(name.text);
    }
  }
  return names;
}

/** `{ get; set; }` without bodies: the compiler adds a backing field. */
/** An auto-property with a `get;` accessor and no other (`{ get; }`): set only where it is declared or by a constructor. */
function isGetterOnlyAutoProperty(prop: SyntaxNode): boolean {
  const accessors = prop.childForFieldName('accessors')?.namedChildren.filter((a) => a?.type === 'accessor_declaration') ?? [];
  return accessors.length === 1 && isAutoProperty(prop) && /^(?:\[[^\]]*\]\s*)*get\s*;$/.test(accessors[0]!.text.trim());
}

function isAutoProperty(prop: SyntaxNode): boolean {
  const accessors = prop.childForFieldName('accessors');
  if (!accessors) return false;
  return accessors.namedChildren.every((a) => !a || a.type !== 'accessor_declaration' || !a.childForFieldName('body'));
}

/**
 * A member's signature. Callers add their kind's own rarer properties to this object; building a new one as
 * `{ ...member(...), parameters }` would give every method its own hidden class (map) on Node 20's V8, which makes
 * a fresh map for each object that a spread and then a new property create (several hundred bytes each, kept with the model).
 * A method's parameters are written into the literal itself: a property added after an object literal is built goes
 * to a separate backing store (40 bytes more per method: 0.95 MB of the models of the generated 200,000-line corpus).
 */
function member(name: string, kind: MemberSignature['kind'], isStatic: boolean, isAsync: boolean, typeText: string | null, parameterTypes: string[],
  typeParameterCount: number, node: SyntaxNode, nameNode: SyntaxNode, bodyId: string | null, parameters?: MemberParameter[]): MemberSignature {
  const normalised = typeText === null ? null : normaliseTypeText(typeText);
  const returnKind = kind === 'method' ? classifyReturnType(typeText, isAsync).kind : 'NotAsyncReturn';
  const span = spanOf(node);
  const nameSpan = spanOf(nameNode);
  if (parameters !== undefined) return { name, kind, isStatic, isAsync, typeText: normalised, returnKind, parameterTypes, typeParameterCount, span, nameSpan, bodyId, parameters };
  return { name, kind, isStatic, isAsync, typeText: normalised, returnKind, parameterTypes, typeParameterCount, span, nameSpan, bodyId };
}
