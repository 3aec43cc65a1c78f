# The fuzz targets and their seed corpora (sourced by tests/fuzz.sh and
# scripts/fuzz.sh). ff_fuzz_seeds SRCDIR TARGET prints the seed files of
# TARGET, one path a line: the test data of its format (the golden files,
# the CLI tests' inputs, the Ludii trials in tests/ludii/), then
# fuzz/corpus/TARGET/ where it exists, then the regression files
# tests/fuzz/TARGET/ (each one a bug the fuzzers found; README lines there
# are not inputs).
FF_FUZZ_TARGETS="fgn jsonl csv csvply ludii roundtrip solution page dburl setup
	engine-fivelines engine-fiveplay engine-sequence engine-pegsjokers"

ff_fuzz_seeds() {
	_s=$1 _t=$2
	case $2 in
	fgn|roundtrip|page) set -- "$_s"/tests/golden/fgn/*.fgn "$_s"/tests/golden/fgn/*.expected \
		"$_s"/tests/cli/*.fgn "$_s/fuzz/corpus/$2"/* "$_s/tests/fuzz/$2"/* ;;
	jsonl) set -- "$_s"/tests/golden/jsonl/*.jsonl "$_s"/tests/cli/*.jsonl \
		"$_s/fuzz/corpus/$2"/* "$_s/tests/fuzz/$2"/* ;;
	csv) set -- "$_s"/tests/golden/csv/*.csv "$_s"/tests/cli/bad*.csv \
		"$_s/fuzz/corpus/$2"/* "$_s/tests/fuzz/$2"/* ;;
	csvply) set -- "$_s"/tests/golden/csv/*.plies.csv "$_s/fuzz/corpus/$2"/* \
		"$_s/tests/fuzz/$2"/* ;;
	ludii) set -- "$_s"/tests/ludii/*.txt "$_s"/tests/cli/*.trial "$_s/fuzz/corpus/$2"/* \
		"$_s/tests/fuzz/$2"/* ;;
	*) set -- "$_s/fuzz/corpus/$2"/* "$_s/tests/fuzz/$2"/* ;;
	esac
	for _f; do
		case ${_f##*/} in README*) continue ;; esac
		case $_t:$_f in csv:*.plies.csv) continue ;; esac
		[ -f "$_f" ] && printf '%s\n' "$_f"
	done
	return 0
}
