// The Vercel AI SDK as a client of `toolwire serve` (tests/test_serve_vercel.py): one job per
// stdin line (JSON), one answer per stdout line: what the SDK handed the application (text,
// tool calls, finish reason) or the error it raised.
import { createInterface } from "node:readline";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, generateText, jsonSchema, streamText, tool } from "ai";

const weather = tool({
  description: "Current weather.",
  inputSchema: jsonSchema({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
});

function model(job) {
  const apiKey = "sk-test-0123456789";
  if (job.provider === "anthropic") return createAnthropic({ baseURL: `${job.base}/v1`, apiKey })("claude-sonnet-4-5");
  const openai = createOpenAI({ baseURL: `${job.base}/v1`, apiKey });
  return job.provider === "openai-responses" ? openai.responses("gpt-4o") : openai.chat("gpt-4o");
}

async function run(job) {
  const options = {
    model: model(job),
    prompt: job.prompt,
    maxRetries: 0,
    ...(job.tools ? { tools: { get_weather: weather } } : {}),
  };
  if (job.stream) {
    let failure = null; // the error the stream met: what the SDK reports to onError
    const result = streamText({ ...options, onError: ({ error }) => { failure = error; } });
    try {
      return { text: await result.text, calls: await result.toolCalls, finish: await result.finishReason };
    } catch (error) {
      throw failure ?? error;
    }
  }
  const result = await generateText(options);
  return { text: result.text, calls: result.toolCalls, finish: result.finishReason };
}

for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  try {
    const { text, calls, finish } = await run(job);
    const shown = calls.map((c) => [c.toolCallId, c.toolName, c.input]);
    console.log(JSON.stringify({ text, calls: shown, finish }));
  } catch (error) {
    const status = APICallError.isInstance(error) ? error.statusCode : null;
    console.log(JSON.stringify({ error: { name: error.name, status, message: String(error.message) } }));
  }
}
