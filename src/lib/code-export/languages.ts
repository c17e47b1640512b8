/** The languages the code panel offers, in the order of its tabs. */
import { bash } from "./bash";
import { go } from "./go";
import { java } from "./java";
import { node } from "./node";
import { python } from "./python";
import type { Generator } from "./request-model";

export const generators: readonly Generator[] = [bash, node, python, java, go];
