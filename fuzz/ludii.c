/* Fuzz target: the Ludii trial reader (formats/ludii.c). Reads every game
   of the input, checks each record (fuzz/fuzz.h: ply lengths, UTF-8, NUL,
   the canonical FGN fixpoint, the round trip through its own format) and
   replays it through its engine (replay, legal-ply listing, rewriting in
   both forms). */
#include "config.h"

#include "fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return ff_fuzz_reader("ludii", data, size);
}
