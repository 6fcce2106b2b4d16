import { describe, expect, it } from "vitest";
import { facebookIdentity, githubIdentity, oidcIdentity, splitName } from "@/lib/auth/oauth/profiles";

describe("GitHub profile mapping", () => {
  const user = {
    id: 583231,
    login: "octocat",
    name: "The Octo Cat",
    email: "public@octo.test",
    avatar_url: "https://avatars.githubusercontent.com/u/583231",
  };

  it("takes the primary verified address as verified", () => {
    const identity = githubIdentity(user, [
      { email: "other@octo.test", primary: false, verified: true },
      { email: "main@octo.test", primary: true, verified: true },
    ]);
    expect(identity).toEqual({
      provider: "github",
      subject: "583231",
      email: "main@octo.test",
      emailVerified: true,
      firstName: "The",
      lastName: "Octo Cat",
      avatar: "https://avatars.githubusercontent.com/u/583231",
      username: "octocat",
    });
  });

  it("never treats a verified but secondary, or a primary but unverified, address as verified", () => {
    const identity = githubIdentity(user, [
      { email: "other@octo.test", primary: false, verified: true },
      { email: "main@octo.test", primary: true, verified: false },
    ]);
    expect(identity.emailVerified).toBe(false);
    expect(identity.email).toBe("public@octo.test");
  });

  it("works without any address or name", () => {
    const identity = githubIdentity({ id: 7, login: "x", name: null, email: null }, []);
    expect(identity).toMatchObject({ subject: "7", email: null, emailVerified: false, firstName: null });
  });

  it("refuses a profile without an id", () => {
    expect(() => githubIdentity({ login: "ghost" }, [])).toThrow();
  });
});

describe("Facebook profile mapping", () => {
  it("keeps the address but never as verified", () => {
    const identity = facebookIdentity({
      id: "10223",
      first_name: "Lan",
      last_name: "Trần",
      name: "Lan Trần",
      email: "lan@fb.test",
      picture: { data: { url: "https://graph.fb.test/pic.jpg", is_silhouette: false } },
    });
    expect(identity).toEqual({
      provider: "facebook",
      subject: "10223",
      email: "lan@fb.test",
      emailVerified: false,
      firstName: "Lan",
      lastName: "Trần",
      avatar: "https://graph.fb.test/pic.jpg",
    });
  });

  it("skips the default silhouette and falls back to the full name", () => {
    const identity = facebookIdentity({
      id: "5",
      name: "Minh Anh Nguyen",
      picture: { data: { url: "https://graph.fb.test/blank.jpg", is_silhouette: true } },
    });
    expect(identity).toMatchObject({ firstName: "Minh", lastName: "Anh Nguyen", avatar: null, email: null });
  });

  it("refuses a profile without an id", () => {
    expect(() => facebookIdentity({ name: "Nobody" })).toThrow();
  });
});

describe("OpenID Connect claims mapping", () => {
  it("prefers the signed id_token and only counts email_verified === true", () => {
    const identity = oidcIdentity(
      "oidc",
      { sub: "s1", email: "a@x.test", email_verified: "true", given_name: "An" },
      { email: "b@x.test", email_verified: true, family_name: "Le", picture: "https://img.test/a.png" },
    );
    expect(identity).toMatchObject({
      subject: "s1",
      email: "a@x.test",
      emailVerified: false,
      firstName: "An",
      lastName: "Le",
      avatar: "https://img.test/a.png",
    });
  });

  it("takes address and verification together from userinfo when the id_token has none", () => {
    const identity = oidcIdentity(
      "google",
      { sub: "s2", name: "Bao Tran" },
      { email: "b@x.test", email_verified: true },
    );
    expect(identity).toMatchObject({
      email: "b@x.test",
      emailVerified: true,
      firstName: "Bao",
      lastName: "Tran",
    });
  });
});

describe("splitName", () => {
  it.each([
    ["Ada Lovelace", "Ada", "Lovelace"],
    ["  Cher  ", "Cher", null],
    ["", null, null],
  ])("%j", (name, firstName, lastName) => {
    expect(splitName(name)).toEqual({ firstName, lastName });
  });
});
