import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { openApiPlugin } from "./scripts/vite-openapi-plugin.ts";

export default defineConfig({
  plugins: [react(), openApiPlugin()],
  build: {
    manifest: true,
    sourcemap: true,
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "mocks/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
  },
});
