import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-classes";

/** Button and Badge without cva and Radix's Slot: the same classes and, with asChild, the same element. */
describe("Button", () => {
  it("draws the variant's and size's classes, a caller's className overriding them", () => {
    const html = renderToStaticMarkup(
      <Button variant="outline" size="sm" className="h-auto w-full">
        Go
      </Button>,
    );
    expect(html).toMatch(/^<button data-slot="button" class="[^"]*">Go<\/button>$/);
    const classes = /class="([^"]*)"/.exec(html)![1]!.split(" ");
    expect(classes).toContain("h-auto");
    expect(classes).toContain("w-full");
    expect(classes).not.toContain("h-8");
    expect(classes).toContain("border");
    expect(buttonVariants()).toBe(buttonClass("default", "default"));
  });

  it("asChild: the child is the button, with the button's classes, its own props winning", () => {
    const html = renderToStaticMarkup(
      <Button asChild size="sm" title="outer" className="w-full">
        <a href="/en/billing" title="inner" className="ml-1">
          Billing
        </a>
      </Button>,
    );
    expect(html).toMatch(/^<a [^>]*>Billing<\/a>$/);
    expect(html).toContain('data-slot="button"');
    expect(html).toContain('title="inner"');
    expect(html).toContain('href="/en/billing"');
    const classes = /class="([^"]*)"/.exec(html)![1]!.split(" ");
    expect(classes).toEqual(expect.arrayContaining(["h-8", "w-full", "ml-1", "inline-flex"]));
  });

  it("asChild: both the child's and the button's handlers run, the child's first", () => {
    const calls: string[] = [];
    const element = Button({
      asChild: true,
      onClick: () => calls.push("button"),
      children: createElement("a", { href: "#", onClick: () => calls.push("child") }),
    }) as { props: { onClick: () => void } };
    element.props.onClick();
    expect(calls).toEqual(["child", "button"]);
  });
});

describe("Badge", () => {
  it("draws its variant's classes", () => {
    expect(renderToStaticMarkup(<Badge variant="secondary">New</Badge>)).toContain("bg-secondary");
    expect(renderToStaticMarkup(<Badge>New</Badge>)).toContain("bg-primary/10");
  });
});
