// A signature-checking worker that fails as it starts (verify-pool.test.ts).
throw new Error("this worker fails on purpose");
