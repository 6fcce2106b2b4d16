import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "@/lib/ui/cn";

/** A class tailwind-merge knows: it drops the first of two of them (and keeps a repeated unknown word). */
const known = (word: string) => twMerge(`${word} ${word}`) === word;

/**
 * The words of every string literal in the app's sources that reads as a class list: each word shaped like
 * a class, one at least a utility tailwind-merge knows (so "a.b::text" or an aria label is not counted).
 */
function classesInSources(): string[] {
  const root = path.resolve(import.meta.dirname, "../..");
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      // (cn.ts itself names its groups in strings: "bg-image", "bg-position"…)
      else if (/\.tsx?$/.test(entry.name) && entry.name !== "cn.ts") {
        for (const m of readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|`([^`$]*)`/g)) {
          const list = (m[1] ?? m[2] ?? "").split(/\s+/).filter(Boolean);
          if (list.every((w) => /^!?-?[a-z[*@][^\s"${}]*$/.test(w)) && list.some(known)) {
            for (const word of list) words.add(word);
          }
        }
      }
    }
  };
  for (const dir of ["app", "components", "lib"]) walk(path.join(root, dir));
  return [...words].sort();
}

describe("cn", () => {
  it("joins conditional classes as clsx does", () => {
    expect(cn("a", false, undefined, ["b", { c: true, d: false }])).toBe("a b c");
  });

  it("lets a later class replace an earlier one of the same kind, per variant", () => {
    expect(cn("h-10 px-4 py-2 gap-2", "h-auto px-2 py-1.5")).toBe("gap-2 h-auto px-2 py-1.5");
    expect(cn("p-6", "px-2")).toBe("p-6 px-2");
    expect(cn("px-3 py-2", "p-4")).toBe("p-4");
    expect(cn("size-8", "w-full")).toBe("size-8 w-full");
    expect(cn("w-4 h-4", "size-8")).toBe("size-8");
    expect(cn("text-sm text-muted-foreground", "text-xs")).toBe("text-muted-foreground text-xs");
    expect(cn("text-sm text-muted-foreground", "text-primary/50")).toBe("text-sm text-primary/50");
    expect(cn("font-bold", "font-semibold text-primary")).toBe("font-semibold text-primary");
    expect(cn("bg-card hover:bg-accent/50", "bg-primary/5")).toBe("hover:bg-accent/50 bg-primary/5");
    expect(cn("hover:bg-accent", "hover:bg-primary/90")).toBe("hover:bg-primary/90");
    expect(cn("border border-input", "border-primary")).toBe("border border-primary");
    expect(cn("border-b-2 border-transparent", "border-primary")).toBe("border-b-2 border-primary");
    expect(cn("rounded-md", "rounded-full")).toBe("rounded-full");
    expect(cn("ring-[3px] ring-ring/50", "ring-1 ring-primary")).toBe("ring-1 ring-primary");
    expect(cn("shadow-sm", "shadow-none")).toBe("shadow-none");
    expect(cn("-translate-x-1/2 left-1/2", "left-0")).toBe("-translate-x-1/2 left-0");
    expect(cn("touch:h-11 h-10", "h-auto")).toBe("touch:h-11 h-auto");
    expect(cn("hover:focus:bg-a", "focus:hover:bg-b")).toBe("focus:hover:bg-b");
    expect(cn("[&_svg]:size-4", "[&_svg]:size-5")).toBe("[&_svg]:size-5");
    expect(cn("flex", "hidden")).toBe("hidden");
    expect(cn("flex flex-col", "flex-row")).toBe("flex flex-row");
    expect(cn("text-lg leading-tight", "text-base")).toBe("text-base");
    expect(cn("gap-4", "gap-x-2")).toBe("gap-4 gap-x-2");
  });

  it("keeps classes it does not know, even repeated", () => {
    expect(cn("fade-in-0 zoom-in-95 chat-bubble", "chat-bubble")).toBe(
      "fade-in-0 zoom-in-95 chat-bubble chat-bubble",
    );
  });

  // The contract with the library it replaced: on every two classes the sources write, the same answer.
  it("agrees with tailwind-merge on every pair of classes written in the sources", () => {
    const classes = classesInSources();
    expect(classes.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const ours = cn(a, b);
        const theirs = twMerge(a, b);
        // tailwind-merge 3 takes Tailwind 3's `bg-gradient-to-*` for a background colour; in Tailwind 4 it is
        // a background image (the `bg-linear-to-*` of before), which a colour does not replace.
        if (/^bg-gradient-to-/.test(a) !== /^bg-gradient-to-/.test(b) && /^bg-/.test(a) && /^bg-/.test(b))
          continue;
        if (ours !== theirs) differences.push(`cn("${a}", "${b}") = "${ours}", tailwind-merge: "${theirs}"`);
      }
    }
    expect(differences.slice(0, 60)).toEqual([]);
  });
});
