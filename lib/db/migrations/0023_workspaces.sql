CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "workspace_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "workspace_invitations_role_check" CHECK ("workspace_invitations"."role" in ('admin', 'editor', 'support'))
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'editor', 'support'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id","inserted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_workspace_user_idx" ON "workspace_members" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id","joined_at");--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_workspace_idx" ON "agents" USING btree ("workspace_id");--> statement-breakpoint
-- A workspace's default name: the person's display name, else their e-mail's local part, else their username.
CREATE FUNCTION "workspace_name_of"("u" "users") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT left(coalesce(
    nullif(btrim("u"."first_name" || ' ' || "u"."last_name"), ''),
    nullif(split_part(coalesce("u"."email", ''), '@', 1), ''),
    nullif(btrim(coalesce("u"."username", '')), ''),
    'Workspace'
  ), 100)
$$;--> statement-breakpoint
-- Every account with an agent or a subscription gets its own workspace, as owner, joined when it signed up.
WITH "founders" AS MATERIALIZED (
  SELECT gen_random_uuid() AS "workspace_id", "u"."id" AS "user_id", "workspace_name_of"("u") AS "name",
    "u"."inserted_at" AS "since"
  FROM "users" "u"
  WHERE EXISTS (SELECT 1 FROM "agents" "a" WHERE "a"."owner_id" = "u"."id")
     OR EXISTS (SELECT 1 FROM "subscriptions" "s" WHERE "s"."owner_id" = "u"."id")
), "made" AS (
  INSERT INTO "workspaces" ("id", "name", "created_at")
  SELECT "workspace_id", "name", "since" FROM "founders"
  RETURNING "id"
)
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "joined_at")
SELECT "workspace_id", "user_id", 'owner', "since" FROM "founders";--> statement-breakpoint
UPDATE "agents" "a" SET "workspace_id" = "m"."workspace_id"
FROM "workspace_members" "m"
WHERE "m"."user_id" = "a"."owner_id" AND "m"."role" = 'owner';--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
-- Code still keyed on the owner inserts agents without a workspace: they go to the owner's own (first owned)
-- workspace, made on the spot if the owner has none yet.
CREATE FUNCTION "agents_default_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."workspace_id" IS NULL THEN
    SELECT "m"."workspace_id" INTO NEW."workspace_id" FROM "workspace_members" "m"
    WHERE "m"."user_id" = NEW."owner_id" AND "m"."role" = 'owner'
    ORDER BY "m"."joined_at", "m"."workspace_id" LIMIT 1;
    IF NEW."workspace_id" IS NULL THEN
      INSERT INTO "workspaces" ("name") SELECT "workspace_name_of"("u") FROM "users" "u" WHERE "u"."id" = NEW."owner_id"
      RETURNING "id" INTO NEW."workspace_id";
      INSERT INTO "workspace_members" ("workspace_id", "user_id", "role") VALUES (NEW."workspace_id", NEW."owner_id", 'owner');
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "agents_default_workspace" BEFORE INSERT ON "agents"
FOR EACH ROW EXECUTE FUNCTION "agents_default_workspace"();
