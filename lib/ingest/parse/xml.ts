import "server-only";
import { SaxesParser } from "saxes";
import { BudgetSpent } from "./budget.ts";
import { ParseError } from "./types.ts";

export type XmlHandlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/**
 * Streams an Office XML part. Office never writes a DOCTYPE, so any DOCTYPE is refused (XXE, billion
 * laughs); saxes expands no entity beyond the five predefined ones and character references, and an
 * undeclared entity is an error, so nothing reaches the file system or the network.
 */
export function walkXml(xml: string, part: string, handlers: XmlHandlers): void {
  const parser = new SaxesParser({ xmlns: false, position: false });
  let failure: Error | null = null;
  parser.on("doctype", () => {
    throw new ParseError("xml_unsafe", `${part}: a DOCTYPE declaration is not accepted`);
  });
  parser.on("error", (e) => {
    failure ??= e;
  });
  if (handlers.open) {
    const open = handlers.open;
    // saxes builds attributes on a null-prototype object, so a key such as __proto__ cannot pollute.
    parser.on("opentag", (tag) => open(tag.name, tag.attributes as Record<string, string>));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on("closetag", (tag) => close(tag.name));
  }
  if (handlers.text) {
    parser.on("text", handlers.text);
    parser.on("cdata", handlers.text);
  }
  try {
    parser.write(xml).close();
  } catch (e) {
    if (e instanceof ParseError || e instanceof BudgetSpent) throw e;
    failure ??= e as Error;
  }
  // A handler that stopped the walk on purpose (the character budget is spent) is not a damaged file.
  if (failure instanceof BudgetSpent) throw failure;
  if (failure) {
    const message = (failure as Error).message;
    if (/entity/i.test(message)) throw new ParseError("xml_unsafe", `${part}: ${message}`);
    throw new ParseError("file_corrupt", `${part}: ${message}`);
  }
}
