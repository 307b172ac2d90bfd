import { afterEach, describe, expect, it, vi } from "vitest";
import { prismaSync, withoutConfigNotes } from "../../scripts/prisma-cli.mjs";

/**
 * The Prisma CLI as setup, postinstall and the test run call it: its own output passes,
 * the two notes about the config file that it prints on every run do not.
 */
describe("the project's Prisma CLI runner", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("drops the config notes and the blank lines they bring, and keeps everything else", () => {
    expect(
      withoutConfigNotes(
        [
          "Loaded Prisma config from prisma/postgresql/prisma.config.ts.",
          "",
          "Prisma config detected, skipping environment variable loading.",
          "Error: P1001: Can't reach database server at `127.0.0.1:5432`",
          "",
        ].join("\n"),
      ),
    ).toBe("Error: P1001: Can't reach database server at `127.0.0.1:5432`\n");
    expect(withoutConfigNotes("Prisma config detected in your project\n")).toBe(
      "Prisma config detected in your project\n",
    );
  });

  it("runs the real CLI without the notes, and says so when it fails", () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    prismaSync(["validate"]);
    expect(written.join("")).not.toMatch(/Loaded Prisma config|Prisma config detected/);
    expect(() => prismaSync(["migrate", "no-such-step"])).toThrow(
      /prisma migrate no-such-step exited with 1/,
    );
    // What went wrong still reaches the terminal, and the notes still do not.
    expect(written.join("")).toMatch(/Unknown command "no-such-step"/);
    expect(written.join("")).not.toMatch(/Loaded Prisma config|Prisma config detected/);
  });
});
